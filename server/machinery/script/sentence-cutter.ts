/**
 * Cuts a script into sentences while the model is still writing it. Each line of the answer is a
 * paragraph; a sentence is given out only once the text after it has begun (or its line has ended),
 * so a sentence is never cut early, and what was given out never changes.
 */
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import type { ScriptSentence } from './types.ts';

/** A line as the voice reads it: without the markdown a model adds despite being told not to. */
export function tidyLine(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s+|[-*\u2022]\s+|>\s*)/, '')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

export interface SentenceCutter {
  /** Takes the next piece of the answer; returns the sentences it completed. */
  push(piece: string): ScriptSentence[];
  /**
   * The answer is over; returns the sentences still held. When the token limit cut the answer
   * (`truncated`), an unfinished last sentence is dropped, unless it is all there is.
   */
  end(options?: { truncated?: boolean }): ScriptSentence[];
  /** The paragraph a sentence added after the ones given out would start. */
  nextParagraph(): number;
}

export function createSentenceCutter(): SentenceCutter {
  let line = '';
  // Sentences of the current line already given out, and of the whole answer.
  let givenInLine = 0;
  let givenInAll = 0;
  let paragraph = 0;

  const giveUpTo = (sentences: string[], upTo: number): ScriptSentence[] => {
    const out = sentences.slice(givenInLine, upTo).map((text) => ({ text, paragraph }));
    givenInLine += out.length;
    givenInAll += out.length;
    return out;
  };

  const endLine = (truncated: boolean): ScriptSentence[] => {
    const sentences = splitSentences(tidyLine(line));
    const last = sentences.at(-1);
    const dropLast =
      truncated && last !== undefined && !SENTENCE_END.test(last) && givenInAll + sentences.length > 1;
    const out = giveUpTo(sentences, dropLast ? sentences.length - 1 : sentences.length);
    if (givenInLine > 0) paragraph += 1;
    line = '';
    givenInLine = 0;
    return out;
  };

  return {
    push(piece) {
      const [first = '', ...rest] = piece.split('\n');
      const out: ScriptSentence[] = [];
      line += first;
      for (const next of rest) {
        out.push(...endLine(false));
        line = next;
      }
      // The last sentence of an unfinished line may still grow.
      const sentences = splitSentences(tidyLine(line));
      out.push(...giveUpTo(sentences, sentences.length - 1));
      return out;
    },
    end({ truncated = false } = {}) {
      return endLine(truncated);
    },
    nextParagraph() {
      return givenInLine > 0 ? paragraph + 1 : paragraph;
    },
  };
}

/** The script the sentences make: sentences of a paragraph joined by ' ', paragraphs by '\n'. */
export function joinSentences(sentences: readonly ScriptSentence[]): string {
  let script = '';
  sentences.forEach((sentence, i) => {
    if (i > 0) script += sentence.paragraph === sentences[i - 1]!.paragraph ? ' ' : '\n';
    script += sentence.text;
  });
  return script;
}

/** The sentences of a finished script (the template's), one paragraph a non-empty line, as written. */
export function scriptSentences(script: string): ScriptSentence[] {
  return script
    .split(/\r?\n/)
    .map((line) => splitSentences(line.replace(/\s+/g, ' ').trim()))
    .filter((sentences) => sentences.length > 0)
    .flatMap((sentences, paragraph) => sentences.map((text) => ({ text, paragraph })));
}
