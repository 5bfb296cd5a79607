/**
 * Errors cross extension contexts as data: a thrown class instance loses its prototype on
 * the way through runtime messaging, so every message answers a Result instead.
 */
import type { ErrorCode } from '../shared/errors.ts';

/** The server's codes, plus the refusals only the extension meets. */
export type ExtensionErrorCode =
  | ErrorCode
  /** A page the browser does not let extensions read (browser pages, extension stores). */
  | 'UNREADABLE_PAGE'
  /** No tab to read: the window closed, or the popup was opened on nothing. */
  | 'NO_TAB'
  /** The server address is outside the extension's host permissions. */
  | 'PERMISSION_REQUIRED'
  /** The browser could not play the audio. */
  | 'PLAYBACK_FAILED'
  /** This browser has no place to play audio after the popup closes. */
  | 'PLAYBACK_UNAVAILABLE'
  /** The tray cannot take the page (full, holding it already, or no room left to keep it), or holds too few to make an episode. */
  | 'TRAY_REFUSED';

export interface ExtensionError {
  code: ExtensionErrorCode;
  /** What the reader sees. */
  message: string;
  /** A second line: what to do about it. */
  hint?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ExtensionError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = <T = never>(code: ExtensionErrorCode, message: string, hint?: string): Result<T> => ({
  ok: false,
  error: hint ? { code, message, hint } : { code, message },
});
