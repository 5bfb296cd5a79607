/**
 * Text as every document the server makes can carry it: the feed (XML 1.0), transcripts (WebVTT,
 * plain text, HTML) and the share page (HTML). XML 1.0 forbids most C0 controls, U+FFFE, U+FFFF and
 * unpaired surrogates, and one of them in an article makes the whole feed unreadable; the DEL and C1
 * controls it allows mean nothing in a document either (HTML calls them parse errors). All of them
 * go; the ones that are whitespace (vertical tab, form feed, next line) become a space, so the
 * words they separated stay apart.
 */

const WHITESPACE_CONTROLS = /[\v\f\u0085]/g;
// Everything but tab, LF, CR, printable ASCII and the rest of Unicode minus U+FFFE/U+FFFF and surrogates.
const CONTROLS = /[^\t\n\r\x20-\x7E\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` without the control characters (and unpaired surrogates) no document should hold. */
export function documentText(text: string): string {
  return text.replace(WHITESPACE_CONTROLS, ' ').replace(CONTROLS, '');
}

/** `text` as XML or HTML character data or a quoted attribute value: filtered, then escaped. */
export function escapeMarkup(text: string): string {
  return documentText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
