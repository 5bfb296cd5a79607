/**
 * The keyboard shortcuts go to one player on the page: the one played or touched last (else the
 * first). Keys pressed in a field, or in a dialog, stay there; Space on a button, and the arrows on
 * a slider or a list, keep their own meaning.
 */
import { useEffect, useRef } from 'react';
import { playerKeyAction, type PlayerAction } from '../../../../../shared/podcast/player-keys.ts';

type Handler = (action: PlayerAction) => void;
interface Registered {
  handler: { current: Handler };
}

const players: Registered[] = [];
let active: Registered | null = null;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && target.type !== 'range' && target.type !== 'checkbox' && target.type !== 'radio';
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || players.length === 0) return;
  const action = playerKeyAction(event);
  if (!action) return;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (isTyping(target) || target?.closest('[role="dialog"], dialog')) return;
  if (event.key === ' ' && target?.closest('button, a, summary, [role="button"], input')) return;
  if (action.kind === 'seekBy' && event.key.startsWith('Arrow') && target?.closest('input, [role="slider"], [role="listbox"]')) return;
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
