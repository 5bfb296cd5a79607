/**
 * Lines of a PDF joined into running text: a word the typesetter broke at a line's end is rejoined
 * ("Inter-" "national" → "International"), a compound broken at its own hyphen keeps it ("well-"
 * "known" → "well-known"). What decides, in order: how the document itself writes the word
 * elsewhere, then a dictionary (the joined word is a word; else both halves are words), then the
 * case (a capital after the hyphen starts a word of its own: "EU-" "Kommission").
 */

/** Whether a lower-case word is in the dictionary. */
export type IsWord = (word: string) => boolean;

/** The document's words, and the compounds it writes with a hyphen, for telling a broken word from a compound. */
export interface Vocabulary {
  words: Set<string>;
  compounds: Set<string>;
  isWord: IsWord;
}

/** Hyphens a line may end with: the ASCII one, the Unicode hyphen, and a soft hyphen (always a break). */
const LINE_END_HYPHEN = /(\p{L}+)([-\u2010\u00ad])$/u;

/** Words that are whole where they stand: not a line's first (it may end a broken word), nor a last one before a hyphen. */
export function vocabularyOf(lines: readonly string[], isWord: IsWord = () => false): Vocabulary {
  const words = new Set<string>();
  const compounds = new Set<string>();
  for (const line of lines) {
    const tokens = line.toLowerCase().match(/\p{L}+(?:[-\u2010]\p{L}+)*[-\u2010]?/gu) ?? [];
    for (const [at, token] of tokens.entries()) {
      if (at === 0 || /[-\u2010]$/.test(token)) continue;
      const plain = token.replace(/\u2010/g, '-');
      if (plain.includes('-')) compounds.add(plain);
      for (const part of plain.split('-')) words.add(part);
    }
  }
  return { words, compounds, isWord };
}

/** Whether the hyphen between `head` and `tail` (lower case) is the typesetter's break rather than the word's own. */
function brokenWord(head: string, tail: string, vocabulary: Vocabulary): boolean {
  const joined = head + tail;
  if (vocabulary.compounds.has(`${head}-${tail}`)) return false;
  if (vocabulary.words.has(joined) || vocabulary.isWord(joined)) return true;
  const known = (word: string) => vocabulary.words.has(word) || vocabulary.isWord(word);
  return !(head.length > 1 && known(head) && known(tail));
}

/** Two lines of one paragraph (or heading, or title) as one. */
export function joinLines(before: string, after: string, vocabulary: Vocabulary): string {
  const split = LINE_END_HYPHEN.exec(before);
  const tail = /^\p{L}+/u.exec(after)?.[0];
  if (split && tail) {
    const head = split[1]!;
    if (split[2] === '\u00ad') return before.slice(0, -1) + after;
    // In text set in capitals the case says nothing; elsewhere a capital after the hyphen starts a word.
    const capitals = head === head.toUpperCase() && tail === tail.toUpperCase() && tail.length > 1;
    if (/^\p{Lu}/u.test(tail) && !capitals) return `${before.slice(0, -1)}-${after}`;
    return brokenWord(head.toLowerCase(), tail.toLowerCase(), vocabulary) ? before.slice(0, -1) + after : `${before.slice(0, -1)}-${after}`;
  }
  // A number's or a code's hyphen ("1914-" "18", "COVID-" "19") stays with what follows.
  if (/[\p{L}\d][-\u2010]$/u.test(before) && /^\d/.test(after)) return before + after;
  return `${before} ${after}`;
}
