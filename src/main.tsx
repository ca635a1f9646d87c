import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/app/App';
import './shell/app/global.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
