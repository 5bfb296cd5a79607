/**
 * Japanese, read after the kanji are written as kana (the speech stage's japanese-reading.ts):
 *
 * - Latin letters stand apart from the kana around them, and "・" (between the words of a list) is a
 *   space. espeak reads a run of kana holding Latin letters or "・" as one word it cannot say and
 *   spells all of it, kana by kana, naming each voiced kana and each "ー" a "Japanese letter"
 *   ("フリーWi-Fiプロテクション", "スマホ・タブレット"); set apart, each part reads as words.
 * - Counters whose reading a dictionary gets wrong after a number: months ("3月" is "さんがつ", not
 *   "3つき"), the days of a month with a reading of their own ("9日" is "ここのか", "1日" after a
 *   month "ついたち") and "1人", "2人" ("ひとり", "ふたり"). The rest a voice reads from the digits.
 */

const MONTHS = ['いちがつ', 'にがつ', 'さんがつ', 'しがつ', 'ごがつ', 'ろくがつ', 'しちがつ', 'はちがつ', 'くがつ', 'じゅうがつ', 'じゅういちがつ', 'じゅうにがつ'];
/** Days said with a word of their own (the 1st only as a date: "1日" alone is "いちにち", a day). */
const DAYS: Record<number, string> = {
  2: 'ふつか', 3: 'みっか', 4: 'よっか', 5: 'いつか', 6: 'むいか', 7: 'なのか', 8: 'ようか', 9: 'ここのか', 10: 'とおか',
  14: 'じゅうよっか', 20: 'はつか', 24: 'にじゅうよっか',
};
const PEOPLE: Record<number, string> = { 1: 'ひとり', 2: 'ふたり', 4: 'よにん' };

const KANA = '\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Han}ー';
// Where a Latin letter meets a kana or kanji, either way round ("のiPhoneを").
const LATIN_AGAINST_KANA = new RegExp(`(?<=[${KANA}])(?=[A-Za-z])|(?<=[A-Za-z])(?=[${KANA}])`, 'gu');

/** Japanese text (its kanji already kana) as a voice reads it best. */
export function japaneseSpeechText(text: string): string {
  return text
    // a month: "3月" or its dictionary reading "3つき" / "3がつ"
    .replace(/(?<![\d.,])(1[0-2]|[1-9])(?:月|つき|がつ)/g, (_, n: string) => MONTHS[Number(n) - 1]!)
    // a day: the 1st only after its month
    .replace(/(がつ\s?)1(?:日|にち)/g, '$1ついたち')
    .replace(/(?<![\d.,])(\d{1,2})(?:日|にち)/g, (all, n: string) => DAYS[Number(n)] ?? all)
    .replace(/(?<![\d.,])([124])(?:人|にん)/g, (_, n: string) => PEOPLE[Number(n)]!)
    .replace(LATIN_AGAINST_KANA, ' ')
    .replace(/・/g, ' ');
}
