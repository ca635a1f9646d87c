import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/app/App';
import { installErrorHandlers } from './shell/errors/error-log';
import { installBrowserGuards } from './shell/errors/browser-guards';
import { loadInitialLanguage } from './shell/i18n/language-store';
import './shell/app/global.css';
// The saved theme on <html> before the first paint: the colour-weak filter, and the colour, radius and
// font size the signed-out pages' own controls (shell/controls) are drawn with.
import './shell/theme/theme-store';

installErrorHandlers();
installBrowserGuards();

void loadInitialLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
