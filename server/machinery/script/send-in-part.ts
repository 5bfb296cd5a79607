/**
 * Sending a section in part: when a section's text is longer than one request carries, every
 * paragraph (a list item, a definition, a footnote as much as a paragraph of prose) keeps its first
 * sentences, in proportion to its length, and at least its first words, so each part of the article
 * reaches the model in some form.
 */
import { splitSentences } from '../../../shared/text/split-sentences.ts';

/** Characters a paragraph keeps at least when the section has room for that much of each. */
const LEAST_KEPT = 80;
/** Characters a paragraph keeps whatever the room: its first words. */
const FIRST_WORDS_KEPT = 24;

/** `text` within `room` characters, cut after a whole word, an ellipsis marking the cut. */
function cutAtWord(text: string, room: number): string {
  if (text.length <= room) return text;
  const cut = text.slice(0, Math.max(1, room - 1));
  const space = cut.lastIndexOf(' ');
  return `${space > cut.length / 2 ? cut.slice(0, space) : cut}…`;
}

/** The paragraph's first sentences within `room` characters; the first one cut at a word when it alone is longer. */
function firstSentences(sentences: readonly string[], room: number): string {
  let out = '';
  for (const sentence of sentences) {
    if (out && out.length + sentence.length + 1 > room) break;
    out = out ? `${out} ${sentence}` : cutAtWord(sentence, room);
    if (out.endsWith('…')) break;
  }
  return out;
}

/**
 * A section's text within `maxChars`: each paragraph keeps its first sentences, the same share of
 * each paragraph's length (found by halving), and never less than its first words.
 */
export function abridge(paragraphs: readonly string[], maxChars: number): { text: string; abridged: boolean } {
  const whole = paragraphs.join('\n');
  if (whole.length <= maxChars) return { text: whole, abridged: false };
  const sentences = paragraphs.map((paragraph) => splitSentences(paragraph));
  const n = paragraphs.length;
  const least = Math.max(FIRST_WORDS_KEPT, Math.min(LEAST_KEPT, Math.floor((maxChars - n) / n)));
  const keptAt = (share: number) =>
    paragraphs.map((paragraph, i) => firstSentences(sentences[i]!, Math.max(least, Math.floor(paragraph.length * share))));
  const size = (kept: readonly string[]) => kept.reduce((sum, p) => sum + p.length + 1, -1);
  let low = 0;
  let high = 1;
  for (let step = 0; step < 16; step++) {
    const mid = (low + high) / 2;
    if (size(keptAt(mid)) <= maxChars) low = mid;
    else high = mid;
  }
  const text = keptAt(low).join('\n');
  // Only when even the first words of every paragraph do not fit does the section lose its tail.
  return { text: text.length <= maxChars ? text : text.slice(0, text.lastIndexOf('\n', maxChars) > 0 ? text.lastIndexOf('\n', maxChars) : maxChars), abridged: true };
}
