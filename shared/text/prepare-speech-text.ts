/**
 * Text preparation for the voice. Speech engines read what they are given literally: espeak-ng spells
 * an address out letter by letter, reads 🎧 as "headphone", "$7.99" as "dollar seven point nine nine"
 * and "10:00" as "ten zero zero". This step rewrites the script into words any engine reads the way a
 * person would, through the reading front end of the script's language (shared/text/speech/):
 *
 *   clean.ts            entities, emoji, decoration and markdown out; tidying at the end
 *   kinds/              token kinds every language shares, each reading from its language's table
 *   en/                 English: every number as words (n2words)
 *   de.ts fr.ts es.ts   German, French, Spanish: their lexicons, read by local-rules.ts
 *   ja.ts               Japanese (its kanji already kana): Latin letters apart, counters' readings
 *
 * The transcript keeps the sentence as written: only the voice receives this text.
 */
import { decodeEntities, removeUnspeakable, tidy } from './speech/clean.ts';
import { readEnglishInContext } from './speech/en/early.ts';
import { englishSpeechText } from './speech/en/index.ts';
import { readKinds, readKindsAfter } from './speech/kinds/index.ts';
import { japaneseSpeechText } from './speech/ja.ts';
import { isSpeechLanguage, localDatesAndTimes, localSpeechText } from './speech/local-rules.ts';

export { cardinalWords, ordinalWords, yearWords } from './speech/en/index.ts';

/**
 * Rewrites a podcast script so a speech engine reads it naturally, in the script's language (ISO
 * 639-1, English when not given): links keep their text and addresses are read, emoji and decorative
 * symbols go, HTML entities become their characters, money ("$7.99" → "seven dollars and ninety-nine
 * cents"), percentages, units, dates, times, scores, fractions, ordinals, years and every other number
 * become words, IDs are read digit by digit, common abbreviations are expanded. German, French and
 * Spanish have their own words; any other language keeps its numbers and symbols as written, which a
 * voice of that language reads. One paragraph per line; every line ends as a sentence. Pure.
 */
export function prepareSpeechText(text: string, language = 'en'): string {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] || 'en';
  const out = removeUnspeakable(decodeEntities(text).normalize('NFC'), base);
  if (base === 'en') return tidy(readKindsAfter(englishSpeechText(readKinds(readEnglishInContext(out), 'en')), 'en'));
  if (base === 'ja') return tidy(japaneseSpeechText(out));
  if (!isSpeechLanguage(base)) return tidy(out);
  return tidy(readKindsAfter(localSpeechText(readKinds(localDatesAndTimes(out, base), base), base), base));
}
