import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The global styles (tokens, reset and elements, layout); each component imports its own stylesheet.
import './styles/global.css';
// The languages, before the first render (the page's language is known synchronously).
import './i18n/i18n';
import { App } from './app/app';
import { startInstallable } from './features/install/install-state';

// The service worker (pushes, the offline shell) and the install prompt, kept for after a first game.
startInstallable();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
