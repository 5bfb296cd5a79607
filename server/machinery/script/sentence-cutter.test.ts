import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { createSentenceCutter, joinSentences, scriptSentences, tidyLine } from './sentence-cutter.ts';
import type { ScriptSentence } from './types.ts';

/** Feeds `text` in pieces of `size` characters; notes after how many characters each sentence came out. */
function cut(text: string, size: number, truncated = false) {
  const cutter = createSentenceCutter();
  const out: (ScriptSentence & { at: number })[] = [];
  for (let at = 0; at < text.length; at += size) {
    const end = Math.min(text.length, at + size);
    for (const s of cutter.push(text.slice(at, end))) out.push({ ...s, at: end });
  }
  for (const s of cutter.end({ truncated })) out.push({ ...s, at: text.length });
  return out;
}

const SCRIPT =
  '## Welcome to the show!\n\n**Today** we talk about bees. Dr. Frisch decoded their dance in 1945. ' +
  'Is that not "amazing?" It is.\r\n- They dance.\nThanks for listening!';

describe('the sentence cutter', () => {
  it.each([1, 2, 3, 4, 7, 1000])('gives the same sentences whatever the size of the pieces (%i)', (size) => {
    expect(cut(SCRIPT, size).map(({ text, paragraph }) => ({ text, paragraph }))).toEqual([
      { text: 'Welcome to the show!', paragraph: 0 },
      { text: 'Today we talk about bees.', paragraph: 1 },
      { text: 'Dr. Frisch decoded their dance in 1945.', paragraph: 1 },
      { text: 'Is that not "amazing?"', paragraph: 1 },
      { text: 'It is.', paragraph: 1 },
      { text: 'They dance.', paragraph: 2 },
      { text: 'Thanks for listening!', paragraph: 3 },
    ]);
  });

  it('gives a sentence out only once the text after it has begun, or its line has ended', () => {
    const text = 'One is here. Two is there.\nThree.';
    const at = Object.fromEntries(cut(text, 1).map((s) => [s.text, s.at]));
    expect(at['One is here.']).toBe(text.indexOf('Two') + 1);
    expect(at['Two is there.']).toBe(text.indexOf('\n') + 1);
    expect(at['Three.']).toBe(text.length);
  });

  it('does not cut at an abbreviation or before a lower-case word', () => {
    const sentences = cut('Mr. Smith met Dr. Who at 3 p.m. today. Then left.', 1).map((s) => s.text);
    expect(sentences).toEqual(splitSentences('Mr. Smith met Dr. Who at 3 p.m. today. Then left.'));
  });

  it('drops an unfinished last sentence when the token limit cut the answer', () => {
    const text = 'Hello listeners.\nThey also hum and the token limit cut this sen';
    expect(cut(text, 3, true).map((s) => s.text)).toEqual(['Hello listeners.']);
    expect(cut(text, 3, false).map((s) => s.text)).toEqual(['Hello listeners.', 'They also hum and the token limit cut this sen']);
    expect(cut('All there is was cut', 3, true).map((s) => s.text)).toEqual(['All there is was cut']);
  });

  it('says where a sentence added after the given ones would go', () => {
    const cutter = createSentenceCutter();
    expect(cutter.nextParagraph()).toBe(0);
    cutter.push('First line.\nSecond one. And half of');
    // "Second one." is out, so its paragraph is taken.
    expect(cutter.nextParagraph()).toBe(2);
    const other = createSentenceCutter();
    other.push('First line.\n\nSecond line is still being');
    expect(other.nextParagraph()).toBe(1);
  });
});

describe('tidyLine', () => {
  it.each([
    ['## Heading', 'Heading'],
    ['- item', 'item'],
    ['> quoted', 'quoted'],
    ['**bold** and __under__', 'bold and under'],
    ['  spaced \t out  ', 'spaced out'],
    ['5 - 3 = 2', '5 - 3 = 2'],
  ])('%j becomes %j', (line, tidy) => {
    expect(tidyLine(line)).toBe(tidy);
  });
});

describe('joinSentences and scriptSentences', () => {
  it('join sentences with spaces and paragraphs with line breaks, and cut them back', () => {
    const script = 'Welcome.\nOne. Two!\nThanks for listening!';
    const sentences = scriptSentences(script);
    expect(sentences).toEqual([
      { text: 'Welcome.', paragraph: 0 },
      { text: 'One.', paragraph: 1 },
      { text: 'Two!', paragraph: 1 },
      { text: 'Thanks for listening!', paragraph: 2 },
    ]);
    expect(joinSentences(sentences)).toBe(script);
    expect(joinSentences([])).toBe('');
  });

  it('skip blank lines and keep the text as written', () => {
    expect(scriptSentences('\n  A  **b**.  \n\n- c\n')).toEqual([
      { text: 'A **b**.', paragraph: 0 },
      { text: '- c', paragraph: 1 },
    ]);
  });
});
