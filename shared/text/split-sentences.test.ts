import { describe, expect, it } from 'vitest';
import { prepareSpeechText } from './prepare-speech-text.ts';
import { splitIntoChunks, splitSentences } from './split-sentences.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('splitSentences', () => {
  it.each([
    ['One. Two! Three? Four', ['One.', 'Two!', 'Three?', 'Four']],
    ['Doctor Smith met Mr. Jones. Then Dr. Who left.', ['Doctor Smith met Mr. Jones.', 'Then Dr. Who left.']],
    ['Prices rose 3.5 percent. Then fell.', ['Prices rose 3.5 percent.', 'Then fell.']],
    ['Fruit, e.g. apples. Then more.', ['Fruit, e.g. apples.', 'Then more.']],
    ['Written by J. K. Rowling. It sold.', ['Written by J. K. Rowling.', 'It sold.']],
    ['He said "Stop." She left. (Really.) Fine', ['He said "Stop."', 'She left.', '(Really.)', 'Fine']],
    ['Wait... what? Yes.', ['Wait... what?', 'Yes.']],
    ['It ended. 5 people stayed.', ['It ended.', '5 people stayed.']],
    // German ordinals and abbreviations, amounts after an abbreviation
    ['Am 15. März 2024 kam er. Im 21. Jahrhundert nicht.', ['Am 15. März 2024 kam er.', 'Im 21. Jahrhundert nicht.']],
    ['Der Plan kostet 9 Mrd. € im Jahr. Das ist viel.', ['Der Plan kostet 9 Mrd. € im Jahr.', 'Das ist viel.']],
    ['Er wurde 3. Dann ging er.', ['Er wurde 3.', 'Dann ging er.']],
    // a range of days before its month is one sentence
    ['Es läuft vom 3.–5. Mai. Dann 10.–12. März.', ['Es läuft vom 3.–5. Mai.', 'Dann 10.–12. März.']],
    ['It rose in 2023. March was calm.', ['It rose in 2023.', 'March was calm.']],
    // abbreviations that go on before a name or a number, and end the sentence before an opening word
    ['U.S. Customs seized it. Then it ended.', ['U.S. Customs seized it.', 'Then it ended.']],
    ['He moved to the U.S. Then he found work.', ['He moved to the U.S.', 'Then he found work.']],
    ['See No. 5, Vol. 3, p. 12 and pp. 4-5. Then Ch. 4.', ['See No. 5, Vol. 3, p. 12 and pp. 4-5.', 'Then Ch. 4.']],
    ['He said no. The end.', ['He said no.', 'The end.']],
    ['He lives on Main St. Today he left. St. Louis is far.', ['He lives on Main St.', 'Today he left.', 'St. Louis is far.']],
    ['Apples, pears, etc. Then more.', ['Apples, pears, etc.', 'Then more.']],
    ['Fruit, i.e. Apples. Vote Tue. Nov. 6 or Sat. 12 May.', ['Fruit, i.e. Apples.', 'Vote Tue. Nov. 6 or Sat. 12 May.']],
    ['Acme Inc. The firm grew. Acme Inc. Europe too.', ['Acme Inc.', 'The firm grew.', 'Acme Inc. Europe too.']],
  ])('%j', (text, sentences) => expect(splitSentences(text)).toEqual(sentences));

  it.each([
    ['U.S. Customs seized the goods. Then it ended.', ['U.S Customs seized the goods.', 'Then it ended.']],
    ['Queen Elizabeth II met Dr. Lee on Nov. 6. Bug 1553982 was fixed.', ['Queen Elizabeth the Second met Doctor Lee on November sixth.', 'Bug one five five three nine eight two was fixed.']],
  ])('the transcript keeps %j as written while the voice gets the words', (text, voice) => {
    const sentences = splitSentences(text);
    expect(sentences.join(' ')).toBe(text);
    expect(sentences.map((sentence) => prepareSpeechText(sentence, 'en'))).toEqual(voice);
  });
});

describe('splitIntoChunks', () => {
  it('packs whole sentences into chunks no longer than the limit', () => {
    const text = 'The first sentence is here. The second one follows it. A third! And a fourth? The fifth ends it.';
    const chunks = splitIntoChunks(text, 60);
    expect(chunks).toEqual([
      'The first sentence is here. The second one follows it.',
      'A third! And a fourth? The fifth ends it.',
    ]);
  });

  it('keeps paragraph breaks inside a chunk and never loses or reorders a word', () => {
    const text = 'Para one, first. Para one, second.\n\nPara two is here.\nPara three.';
    const chunks = splitIntoChunks(text, 1000);
    expect(chunks).toEqual(['Para one, first. Para one, second.\nPara two is here.\nPara three.']);
    expect(words(chunks.join(' '))).toEqual(words(text));
  });

  it('cuts a sentence longer than a chunk at clauses, then between words, never mid-word', () => {
    const long =
      'This sentence rambles on, clause after clause, without stopping; it adds words and more words ' +
      'until it is far longer than any chunk should be: then it finally ends.';
    const chunks = splitIntoChunks(long, 40);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(40);
    expect(chunks[0]).toBe('This sentence rambles on,');
    expect(words(chunks.join(' '))).toEqual(words(long));
  });

  it('cuts a single word only when it alone exceeds the limit', () => {
    const chunks = splitIntoChunks(`Short. ${'x'.repeat(25)} end.`, 10);
    expect(chunks).toEqual(['Short.', 'xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx end.']);
  });

  it('respects the limit on a long generated text and keeps every word in order', () => {
    const sentence = (i: number) => `Sentence number ${i} talks about item ${i * 7}, and then ${'more '.repeat(i % 9)}stops.`;
    const text = Array.from({ length: 300 }, (_, i) => sentence(i)).join(' ');
    for (const max of [50, 200, 600, 4096]) {
      const chunks = splitIntoChunks(text, max);
      expect(chunks.every((c) => c.length > 0 && c.length <= max)).toBe(true);
      expect(words(chunks.join(' '))).toEqual(words(text));
      // each chunk after the first starts a sentence when sentences fit
      if (max >= 200) expect(chunks.every((c) => c.startsWith('Sentence number'))).toBe(true);
    }
  });

  it('gives nothing for blank text and refuses a bad limit', () => {
    expect(splitIntoChunks(' \n\n ', 100)).toEqual([]);
    expect(() => splitIntoChunks('a', 0)).toThrow(RangeError);
  });
});
