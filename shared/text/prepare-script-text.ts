/**
 * Text preparation for the script writer: links reduced to their text, whitespace collapsed. Every
 * other character stays as written: symbols, apostrophes, times, dashes and addresses carry meaning
 * ("0.3%", "$9 billion", "04:05 pm", "they'll", "even — heaven help us — booyah", "www.msn.com") for
 * the model, the voice and the transcript alike (the voice reads an address, speak-addresses.ts).
 * The spec's character filter applies to titles only (filterCharacters, used by the title cleanup).
 *
 * Whitespace collapses within a paragraph; paragraph breaks survive as single newlines because the
 * fallback script and the transcript are built paragraph by paragraph.
 */

// Every pattern here runs on untrusted text of up to 200,000 characters: none may backtrack more
// than linearly (one character class per repetition, no nested quantifiers).
const MARKDOWN_LINK = /!?\[([^\][]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g;
const HTML_LINK_TAG = /<\/?a\b[^<>]*>/gi;
const DISALLOWED = /[^\p{L}\p{N}_\s.,!?-]/gu;

/** `[text](url)` and `<a href>text</a>` become `text`. */
export function linksToText(text: string): string {
  return text.replace(MARKDOWN_LINK, '$1').replace(HTML_LINK_TAG, '');
}

/** Keeps word characters, whitespace and . , ! ? - only (the spec's filter, for titles). */
export function filterCharacters(text: string): string {
  return text.replace(DISALLOWED, '');
}

/** Collapses runs of whitespace to one space within a line and drops empty lines. */
export function collapseWhitespace(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The whole preparation: links, then whitespace. */
export function prepareScriptText(text: string): string {
  return collapseWhitespace(linksToText(text));
}
