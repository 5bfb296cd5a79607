/**
 * The player's keyboard shortcuts: which key does what, and the help that announces them. Keys
 * typed into a field, or held with Ctrl, Alt or Meta, are never shortcuts.
 */

/** Skip back and forward (buttons, J and L, media keys). */
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;
/** The arrow keys' smaller step. */
export const ARROW_SECONDS = 5;

export type PlayerAction =
  | { kind: 'toggle' }
  | { kind: 'seekBy'; seconds: number }
  | { kind: 'rate'; direction: 1 | -1 };

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** What a key press asks of the player, or null when it is not a shortcut. */
export function playerKeyAction(input: KeyInput): PlayerAction | null {
  if (input.ctrlKey || input.altKey || input.metaKey) return null;
  switch (input.key) {
    case ' ':
    case 'k':
    case 'K':
      return { kind: 'toggle' };
    case 'ArrowLeft':
      return { kind: 'seekBy', seconds: -ARROW_SECONDS };
    case 'ArrowRight':
      return { kind: 'seekBy', seconds: ARROW_SECONDS };
    case 'j':
    case 'J':
      return { kind: 'seekBy', seconds: -SKIP_BACK_SECONDS };
    case 'l':
    case 'L':
      return { kind: 'seekBy', seconds: SKIP_FORWARD_SECONDS };
    // Shift+, and Shift+. on most layouts, reported as the characters they type.
    case '<':
      return { kind: 'rate', direction: -1 };
    case '>':
      return { kind: 'rate', direction: 1 };
    default:
      return null;
  }
}

/** The member of a key event's target read here (an element's). */
interface KeyTarget {
  closest(selectors: string): unknown;
}

export interface KeyEventInput extends KeyInput {
  target: unknown;
  defaultPrevented?: boolean;
}

const TYPING = 'textarea, select, [contenteditable]:not([contenteditable="false"]), input:not([type="range"]):not([type="checkbox"]):not([type="radio"])';

/**
 * The shortcut a key press on the page asks for, or null. Keys pressed in a field, or in a dialog,
 * stay there; Space on a button, and the arrows on a slider or a list, keep their own meaning.
 */
export function shortcutOf(event: KeyEventInput): PlayerAction | null {
  if (event.defaultPrevented) return null;
  const action = playerKeyAction(event);
  if (!action) return null;
  const target = event.target && typeof (event.target as KeyTarget).closest === 'function' ? (event.target as KeyTarget) : null;
  if (!target) return action;
  if (target.closest(TYPING) || target.closest('[role="dialog"], dialog')) return null;
  if (event.key === ' ' && target.closest('button, a, summary, [role="button"], input')) return null;
  if (action.kind === 'seekBy' && event.key.startsWith('Arrow') && target.closest('input, [role="slider"], [role="listbox"]')) return null;
  return action;
}

/** The shortcuts as the help lists them. */
export const PLAYER_SHORTCUTS: readonly { keys: string; does: string }[] = [
  { keys: 'Space or K', does: 'Play or pause' },
  { keys: '← / →', does: `Back or forward ${ARROW_SECONDS} seconds` },
  { keys: 'J / L', does: `Back ${SKIP_BACK_SECONDS} or forward ${SKIP_FORWARD_SECONDS} seconds` },
  { keys: 'Shift+< / Shift+>', does: 'Slower or faster' },
];

/** The help as one sentence, for a tooltip's accessible description. */
export const PLAYER_SHORTCUTS_TEXT = `Keyboard shortcuts: ${PLAYER_SHORTCUTS.map((s) => `${s.keys}: ${s.does.toLowerCase()}`).join('; ')}.`;
