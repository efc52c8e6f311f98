import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The global styles (tokens, reset and elements, layout); each component imports its own stylesheet.
import './styles/global.css';
import { App } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
