/**
 * The keyboard shortcuts go to one player on the page: the one played or touched last (else the
 * first). Which key presses are shortcuts is the shared rule (`shortcutOf`).
 */
import { useEffect, useRef } from 'react';
import { shortcutOf, type PlayerAction } from '../../../../../shared/podcast/player-keys.ts';

type Handler = (action: PlayerAction) => void;
interface Registered {
  handler: { current: Handler };
}

const players: Registered[] = [];
let active: Registered | null = null;

function onKeyDown(event: KeyboardEvent): void {
  if (players.length === 0) return;
  const action = shortcutOf(event);
  if (!action) return;
  event.preventDefault();
  (active ?? players[0]!).handler.current(action);
}

/**
 * Registers a player for the shortcuts. Call the answer's `activate` when it plays or is touched, so
 * the keys go to it.
 */
export function usePlayerKeys(handler: Handler): { activate: () => void } {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const entry = useRef<Registered>({ handler: handlerRef });
  useEffect(() => {
    const registered = entry.current;
    if (players.length === 0) document.addEventListener('keydown', onKeyDown);
    players.push(registered);
    return () => {
      players.splice(players.indexOf(registered), 1);
      if (active === registered) active = null;
      if (players.length === 0) document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return { activate: () => (active = entry.current) };
}
