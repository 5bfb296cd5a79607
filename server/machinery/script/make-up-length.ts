/**
 * Making up the length: a section whose draft falls short goes on with the article's own sentences,
 * prose only (never a line of code, a table row or a caption, whose spoken length the word count does
 * not tell), up to the words it lacks and no further; and a draft too long is cut at a sentence end.
 */
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { LINE_KIND } from './types.ts';
import { countWords } from './script-format.ts';
import type { ScriptSentence } from './types.ts';

export const spokenWords = (sentences: readonly ScriptSentence[]) => sentences.reduce((n, s) => n + countWords(s.text), 0);

/** Line kinds whose sentences may make up the length: prose, list items, quotations. */
const PROSE_KINDS = new Set<string>([LINE_KIND.text, LINE_KIND.item, LINE_KIND.quote]);
/** A sentence whose characters are this share or more symbols and digits is code or data, not prose. */
const MAX_SYMBOL_SHARE = 0.15;
const SYMBOL = /[^\p{L}\s.,;:!?'’"“”()-]/gu;

function isProse(sentence: string): boolean {
  return (sentence.match(SYMBOL)?.length ?? 0) < sentence.length * MAX_SYMBOL_SHARE;
}

/**
 * About `want` words of a section's own prose sentences, never more than `want` and a few, starting
 * `from` (a share) of the way in; a conversation's hosts take a paragraph each. `kinds` has a letter
 * per paragraph (shared/text/line-kinds.ts) when known.
 */
export function madeUpSentences(
  paragraphs: readonly string[],
  kinds: string | null,
  want: number,
  from: number,
  hosts: readonly string[] | undefined,
): ScriptSentence[] {
  const all = paragraphs.flatMap((text, paragraph) =>
    kinds && !PROSE_KINDS.has(kinds[paragraph] ?? LINE_KIND.text)
      ? []
      : splitSentences(text)
          .filter(isProse)
          .map((t) => ({ text: t, paragraph, words: countWords(t) })),
  );
  const total = all.reduce((n, s) => n + s.words, 0);
  let skip = Math.floor(total * Math.min(from, 1));
  let start = 0;
  while (start < all.length && skip > 0 && total - skip > want) skip -= all[start++]!.words;
  const out: ScriptSentence[] = [];
  // A sentence may pass the words wanted by a tenth of them; a longer one is passed over for the next.
  const most = want * 1.1;
  let words = 0;
  for (const sentence of all.slice(start)) {
    if (words >= want * 0.97) break;
    if (words + sentence.words > most) continue;
    out.push({ text: sentence.text, paragraph: sentence.paragraph, ...(hosts ? { speaker: hosts[sentence.paragraph % 2]! } : {}) });
    words += sentence.words;
  }
  const first = out[0]?.paragraph ?? 0;
  return out.map((s) => ({ ...s, paragraph: s.paragraph - first }));
}

/** The sentences up to `maxWords` words, cut at a sentence end. */
export function keepWithin(sentences: ScriptSentence[], maxWords: number): ScriptSentence[] {
  const kept: ScriptSentence[] = [];
  let room = maxWords;
  for (const sentence of sentences) {
    const n = countWords(sentence.text);
    if (n > room && kept.length > 0) break;
    kept.push(sentence);
    room -= n;
  }
  return kept;
}

/** The podcast's record of what the frame did besides the model's writing. */
export function describeNotes(notes: ReadonlySet<string>, fromArticle: number): string[] {
  const out: string[] = [];
  if (notes.has('refused')) out.push('The AI declined to write part of the script; the article was read there instead');
  if (notes.has('empty')) out.push('The AI answered part of the script with nothing to say; the article was read there instead');
  if (notes.has('language')) out.push("The AI wrote part of the script in another language than the article's; the article was read there instead");
  if (notes.has('short')) out.push(`The AI wrote less than the length asked; ${fromArticle} words were read from the article to make it up`);
  return out;
}
