/**
 * A paragraph of the article spoken in its own language: read mode reads the article word for word,
 * and a front page's teaser of a page in another language, or any paragraph whose language clearly
 * differs from the episode's (paragraphLanguage: long and clear enough, never a guess from a short
 * line), carries that language, so the speech stage reads it by that language's rules with a voice of
 * it. A short line just before such a paragraph (the teaser's title) goes with it when it, too, reads
 * most like that language. Sentences not read from the article (the AI modes' and the template's, an
 * episode's introductions: no `sourceParagraph`) pass as they are, at once.
 */
import { bestGuess, isShortParagraph, paragraphLanguage } from '../../../shared/text/language.ts';
import { baseLanguage } from './language-voices.ts';
import type { ScriptSentence } from '../script/types.ts';

/** Short lines held back for the paragraph after them; more than this and the first go as they are. */
const MAX_WAITING = 2;

const textOf = (block: readonly ScriptSentence[]) => block.map((s) => s.text).join(' ');

export async function* withParagraphLanguages(
  sentences: AsyncIterable<ScriptSentence> | Iterable<ScriptSentence>,
  episodeLanguage: string,
): AsyncIterable<ScriptSentence> {
  // The sentences of one line of the article, and short lines waiting for the paragraph after them.
  let block: ScriptSentence[] = [];
  let waiting: ScriptSentence[][] = [];
  const around = (s: ScriptSentence) => s.language ?? episodeLanguage;
  const tagged = (b: ScriptSentence[], language: string | null) =>
    language && baseLanguage(language) !== baseLanguage(around(b[0]!)) ? b.map((s) => ({ ...s, language })) : b;

  /** The finished block's sentences, and those of the short lines before it, in order. */
  async function settle(done: ScriptSentence[]): Promise<ScriptSentence[]> {
    const text = textOf(done);
    const language = await paragraphLanguage(text, around(done[0]!));
    if (language === null && isShortParagraph(text) && waiting.length < MAX_WAITING) {
      // too short to tell: perhaps a title, decided with the paragraph after it
      waiting.push(done);
      return [];
    }
    const out: ScriptSentence[] = [];
    for (const line of waiting) out.push(...tagged(line, language && (await bestGuess(textOf(line))) === language ? language : null));
    waiting = [];
    return [...out, ...tagged(done, language)];
  }

  for await (const sentence of sentences) {
    if (block.length > 0 && sentence.sourceParagraph === block[0]!.sourceParagraph && sentence.sourceParagraph !== undefined) {
      block.push(sentence);
      continue;
    }
    if (block.length > 0) yield* await settle(block);
    block = [];
    if (sentence.sourceParagraph !== undefined) {
      block = [sentence];
      continue;
    }
    for (const line of waiting) yield* line;
    waiting = [];
    yield sentence;
  }
  if (block.length > 0) yield* await settle(block);
  for (const line of waiting) yield* line;
}
