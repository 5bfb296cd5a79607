/**
 * Read mode's paragraphs in their own language: a teaser of a French page on an English front page
 * (its title with it) carries French; a short French line, a paragraph too close to call and the
 * sentences not read from the article keep the episode's language; nothing is lost or reordered.
 */
import { describe, expect, it } from 'vitest';
import type { ScriptSentence } from '../script/types.ts';
import { withParagraphLanguages } from './paragraph-languages.ts';

const FRENCH = "Le gouvernement a présenté mardi une réforme des retraites que les syndicats jugent injuste et qu'ils promettent de combattre dans la rue.";
const ENGLISH = 'The council voted on Tuesday to rebuild the old harbour wall, after a winter of storms left the fishing fleet without shelter.';

/** Sentences as read mode gives them: one line of the article each, unless said otherwise. */
const read = (lines: Array<string | [string, Partial<ScriptSentence>]>): ScriptSentence[] =>
  lines.map((line, i) => (typeof line === 'string' ? { text: line, paragraph: i, sourceParagraph: i } : { text: line[0], paragraph: i, ...line[1] }));

async function languagesOf(sentences: ScriptSentence[], episode = 'en') {
  const out: ScriptSentence[] = [];
  for await (const s of withParagraphLanguages(sentences, episode)) out.push(s);
  expect(out.map((s) => s.text)).toEqual(sentences.map((s) => s.text));
  return out.map((s) => s.language ?? null);
}

describe('withParagraphLanguages', () => {
  it("speaks a front page's French teaser, and its title, in French", async () => {
    const sentences = read([
      ['Harbour News.', {}],
      'Council votes to rebuild the harbour wall.',
      ENGLISH,
      'Les retraites : ce que change la réforme.',
      FRENCH,
      'Fishermen count the cost of the storm.',
      'Boats were lost and nets were torn, but the fishermen say they will be back at sea by spring, whatever the weather.',
    ]);
    expect(await languagesOf(sentences)).toEqual([null, null, null, 'fr', 'fr', null, null]);
  });

  it('keeps the sentences of one line together, in their language', async () => {
    const [first, second] = FRENCH.split(' que ');
    const sentences: ScriptSentence[] = [
      { text: ENGLISH, paragraph: 0, sourceParagraph: 0 },
      { text: `${first}.`, paragraph: 1, sourceParagraph: 1 },
      { text: `Que ${second}`, paragraph: 1, sourceParagraph: 1 },
    ];
    expect(await languagesOf(sentences)).toEqual([null, 'fr', 'fr']);
  });

  it('keeps a short line in another language, and an English paragraph full of French names, in English', async () => {
    expect(await languagesOf(read([ENGLISH, 'Merci beaucoup, à demain !', ENGLISH]))).toEqual([null, null, null]);
    const names = 'At the Café de la Paix on the rue de la Paix, Jean-Pierre Dupont ordered the crème brûlée and a pot-au-feu for the table.';
    expect(await languagesOf(read([names]))).toEqual([null]);
  });

  it('speaks a paragraph in another script in its language', async () => {
    const russian = 'Правительство сегодня одобрило бюджет на следующий год после месяцев переговоров с фракциями.';
    expect(await languagesOf(read([ENGLISH, russian]))).toEqual([null, 'ru']);
  });

  it("leaves sentences not read from the article (an AI's, an introduction) as they are", async () => {
    expect(await languagesOf(read([[FRENCH, {}], [FRENCH, { language: 'fr' }]]))).toEqual([null, 'fr']);
  });

  it("judges a source's paragraph against that source's language in an episode of several", async () => {
    const sentences = read([[FRENCH, { sourceParagraph: 0, language: 'fr' }], [ENGLISH, { sourceParagraph: 1, language: 'fr' }]]);
    expect(await languagesOf(sentences, 'de')).toEqual(['fr', 'en']);
  });
});
