import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadPopupState } from './hooks.ts';
import './style.css';

// The first frame waits for the stored state and the tab (a few milliseconds), never more than 50 ms.
const ready = Promise.race([preloadPopupState(), new Promise((resolve) => setTimeout(resolve, 50))]);

void ready.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
