/**
 * Both directions of one sentence: the script's sentence (what the transcript's cue keeps) stays as
 * written, and the voice receives it read out, in each language.
 */
import { describe, expect, it } from 'vitest';
import { scriptSentences } from '../script/sentence-cutter.ts';
import { voiceText } from './voice-text.ts';

const CASES: Array<[string, string, string[]]> = [
  ['en', 'Dr. Ruiz lives at 12B Elm St. in St. Louis. Mix 1 1/2 cups flour, approx. 3/4 cup milk.', [
    'Doctor Ruiz lives at twelve B Elm Street in Saint Louis.',
    'Mix one and a half cups flour, approximately three quarters of a cup milk.',
  ]],
  ['de', 'Es gilt z. B. für die Hauptstr. 5. „Es wird kalt.“ Nachts sinkt es auf -12 °C. Wir treffen uns vom 3.–5. Mai.', [
    'Es gilt zum Beispiel für die Hauptstraße 5.',
    '„Es wird kalt.“',
    'Nachts sinkt es auf minus 12 Grad Celsius.',
    'Wir treffen uns vom dritten bis fünften Mai.',
  ]],
  ['fr', "Au XVIIe siècle, l'OM n'existait pas. Versez 1/2 tasse.", [
    "Au dix-septième siècle, l'O.M n'existait pas.",
    'Versez une demi-tasse.',
  ]],
  ['es', 'La Dra. López llegó a EE. UU. el lunes. Hizo -3 °C en la Av. Reforma.', [
    'La doctora López llegó a Estados Unidos el lunes.',
    'Hizo menos 3 grados Celsius en la Avenida Reforma.',
  ]],
  // kanji as kana, a month and a day by their own readings, Latin letters apart (espeak spells a run that mixes them)
  ['ja', 'ソニーは3月9日、新しいWi-Fiルーターを発売した。', [
    'ソニーわさんがつここのか、あたらしい Wi-Fi ルーターをはつばいした。',
  ]],
];

describe('a sentence as the transcript keeps it and as the voice receives it', () => {
  it.each(CASES)('%s', async (language, text, spoken) => {
    const sentences = scriptSentences(text).map((s) => s.text);
    // the transcript: the sentences as written, the whole text and nothing else
    expect(sentences.join(' ')).toBe(text);
    expect(sentences).toHaveLength(spoken.length);
    // the voice: each sentence read out
    expect(await Promise.all(sentences.map((s) => voiceText(s, language)))).toEqual(spoken);
  });
});
