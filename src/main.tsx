import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/app/App';
import { installErrorHandlers } from './shell/errors/error-log';
import { installBrowserGuards } from './shell/errors/browser-guards';
import { loadInitialLanguage } from './shell/i18n/language-store';
import './shell/app/global.css';

installErrorHandlers();
installBrowserGuards();

void loadInitialLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
