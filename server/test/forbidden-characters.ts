/**
 * Every code point XML 1.0 forbids (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF,
 * unpaired surrogates) and the DEL and C1 controls, for tests that put them in what a member sends
 * and check that no document the server makes carries them.
 */

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

/**
 * One string each. The surrogates stand alone: a low one first, a high one last. (PGlite 0.5 miscounts
 * the bytes of a lone low surrogate that follows a character beyond ASCII and cuts the stored text short.)
 */
export const FORBIDDEN_CHARACTERS = [
  '\uDC00',
  ...range(0x00, 0x08),
  '\u000B',
  '\u000C',
  ...range(0x0e, 0x1f),
  ...range(0x7f, 0x9f),
  '\uFFFE',
  '\uFFFF',
  '\uD800',
];

/** All of them in a row: put it after an ASCII character and before anything but a low surrogate. */
export const ALL_FORBIDDEN = FORBIDDEN_CHARACTERS.join('');

/** The forbidden characters `text` holds, as "U+XXXX", so a failure names them (for text with no character beyond U+FFFF). */
export function forbiddenIn(text: string): string[] {
  return FORBIDDEN_CHARACTERS.filter((c) => text.includes(c)).map((c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/**
 * The words of `text`, one space apart: a control that separated words may leave a space of its own,
 * and the database stores an unpaired surrogate as U+FFFD (UTF-8 has no other way to hold it).
 */
export const wordsOf = (text: string) => text.replaceAll('\uFFFD', ' ').replace(/\s+/g, ' ').trim();
