/**
 * U+0000 (NUL) in what a client sends. PostgreSQL's `text` cannot hold it, so a NUL that reached a
 * query would fail it. Each field decides: free text (an article, a title, a name, a note) loses its
 * NULs, which no reader can see anyway, and an unpaired surrogate (half of a character, which no
 * database stores faithfully) becomes U+FFFD; exact values (an e-mail, a password, a voice, an
 * address) are refused with a message naming the field, since changing them would change what they mean.
 */

/** True when `value` holds no NUL character. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Free text as it may be stored: without NUL characters, and each unpaired surrogate as U+FFFD. */
export function cleanFreeText(value: string): string {
  return value.replaceAll('\u0000', '').replace(UNPAIRED_SURROGATE, '\uFFFD');
}

/** Control characters (C0, DEL, C1) and the invisible bidi controls that reorder what follows (U+202E shows "gnp.exe" as "exe.png"). */
const TITLE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A title as it may be stored and shown (in the apps, feeds, og:title): free text without control or bidi characters, a space for each. */
export function cleanTitleText(value: string): string {
  return cleanFreeText(value).replace(TITLE_CONTROLS, ' ').replace(/ {2,}/g, ' ');
}

/** The message for a field that refuses NUL: "Password cannot contain the NUL character (U+0000)". */
export function nulMessage(field: string): string {
  return `${field} cannot contain the NUL character (U+0000)`;
}

/** The message when a request's address (path or query) holds an encoded NUL (`%00`). */
export const NUL_IN_ADDRESS_MESSAGE = 'The address cannot contain the NUL character (%00)';
