/**
 * The kind of each line of an article's text (see article-text.ts), one letter a line, so read mode
 * can be heard with its structure: h heading, i list item, r table row, c caption, q quotation, p
 * anything else. A line takes the kind of the structural element whose text it is (compared without
 * whitespace, as table cells and nested inline elements space their words differently).
 */

/** The part of a DOM element this module reads; a DOM Element and linkedom's both satisfy it. */
export interface KindElement {
  readonly textContent: string | null;
  querySelectorAll(selectors: string): Iterable<KindElement>;
}

/** Selectors and their kind, strongest first: a caption inside a list item stays a caption. */
const KINDS: readonly [string, string][] = [
  ['figcaption, caption', 'c'],
  ['h1, h2, h3, h4, h5, h6', 'h'],
  ['tr', 'r'],
  ['li, dt, dd', 'i'],
  ['blockquote, blockquote p', 'q'],
];

const key = (text: string) => text.replace(/\s+/g, '');

export function lineKinds(root: KindElement, text: string): string {
  const kinds = new Map<string, string>();
  for (const [selector, kind] of KINDS) {
    for (const element of root.querySelectorAll(selector)) {
      const k = key(element.textContent ?? '');
      if (k && !kinds.has(k)) kinds.set(k, kind);
    }
  }
  return text
    .split('\n')
    .map((line) => kinds.get(key(line)) ?? 'p')
    .join('');
}
