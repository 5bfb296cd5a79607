import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadPopupState } from './hooks.ts';
// One stylesheet a component, in cascade order: the theme first, later sheets refine earlier ones.
import './styles/theme.css';
import './styles/frame.css';
import './styles/buttons.css';
import './styles/cards.css';
import './styles/page-card.css';
import './styles/creation.css';
import './styles/player.css';
import './styles/podcasts.css';
import './styles/forms.css';
import './styles/account.css';
import './styles/mode-choice.css';
import './styles/tray.css';
import './styles/left-out.css';

// The first frame waits for the stored state and the tab (a few milliseconds), never more than 50 ms.
const ready = Promise.race([preloadPopupState(), new Promise((resolve) => setTimeout(resolve, 50))]);

void ready.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
