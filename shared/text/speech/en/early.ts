/**
 * English numbers whose meaning their context gives, read before any kind takes them for a fraction,
 * a ratio or a clock time: "Sat., 3/9" and "close 14/3" are dates (the month first, as in en-US,
 * unless the first part cannot be a month); "Romans 8:28-30" a chapter and verses; "312/6" at the
 * crease a score "for six"; "1:31.447" a lap time; "Mon/Wed/Fri" a list of days.
 */
import { ordinalWords } from './words.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS: Record<string, string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};

// Words a day and month alone follow as a date.
const DATE_CUE =
  /(?:^|[\s(])(?:on|by|before|after|until|till|from|since|through|due|dated|expires?|expiring|closes?|closing|ends?|ending|starts?|starting|opens?|opening|deadline|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\.?,?\s$/i;
const DAY_MONTH = /(?<![\d./:,$€£])(\d{1,2})\/(\d{1,2})(?![\d/]|[.,]\d|\s?(?:%|of\b|cups?\b))/g;

/** "3/9" after a word that introduces a date: "March ninth" (or "the fourteenth of March" for "14/3"). */
function numericDates(text: string): string {
  return text
    // "Sat., 3/9": the weekday before such a date is said whole
    .replace(/\b(Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?(?=,?\s\d{1,2}\/\d)/g, (day: string) => DAYS[day.slice(0, 3).toLowerCase()]!)
    .replace(DAY_MONTH, (all, a: string, b: string, offset: number, whole: string) => {
    // "9/11" is the name of a day, said "nine eleven"
    if (all === '9/11' || !DATE_CUE.test(whole.slice(Math.max(0, offset - 14), offset))) return all;
    const [first, second] = [Number(a), Number(b)];
    if (first >= 1 && first <= 12 && second >= 1 && second <= 31) return `${MONTHS[first - 1]} ${ordinalWords(second)}`;
    if (second >= 1 && second <= 12 && first >= 13 && first <= 31) return `the ${ordinalWords(first)} of ${MONTHS[second - 1]}`;
    return all;
  });
}

const BOOKS =
  'Genesis|Exodus|Leviticus|Numbers|Deuteronomy|Joshua|Judges|Ruth|Samuel|Kings|Chronicles|Ezra|Nehemiah|Esther|Job|Psalms?|Proverbs|' +
  'Ecclesiastes|Isaiah|Jeremiah|Lamentations|Ezekiel|Daniel|Hosea|Joel|Amos|Jonah|Micah|Nahum|Habakkuk|Zephaniah|Haggai|Zechariah|Malachi|' +
  'Matthew|Mark|Luke|John|Acts|Romans|Corinthians|Galatians|Ephesians|Philippians|Colossians|Thessalonians|Timothy|Titus|Philemon|' +
  'Hebrews|James|Peter|Jude|Revelation|Sura|Surah|Qur’an|Quran';
// "Romans 8:28-30", "1 Corinthians 13:4", "John 3:16"
const VERSE = new RegExp(`\\b(${BOOKS}) (\\d{1,3}):(\\d{1,3})(?:\\s?[-–](\\d{1,3}))?(?![\\d:])`, 'g');

// "312/6", "245/9 dec": runs for wickets, where the sentence is about cricket.
const CRICKET = /\b(?:stumps|innings|wickets?|overs?|declared|dec|all out|Test|ODI|T20|batting|bowled|bowling|chase|chasing|cricket|lunch|tea|runs)\b/;
const RUNS_FOR_WICKETS = /(?<![\d./])(\d{1,3})\/(\d{1,2})(?![\d/]|[.,]\d)/g;

// "1:31.447", "59.8" after minutes: a lap or a race time, minutes, seconds and their decimals.
const RACE_TIME = /(?<![\d:.])(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)\.(\d{1,3})(?![\d:])/g;

// "Mon/Wed/Fri", "Tue/Thu": days in a list.
const DAY_LIST = /\b(Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day)?\.?((?:\/(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day)?\.?){1,6})(?![\p{L}])/gu;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function list(items: string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function readEnglishInContext(text: string): string {
  const slash = text.includes('/');
  const colon = text.includes(':');
  if (!slash && !colon) return text;
  let out = !slash ? text : text.replace(DAY_LIST, (_, first: string, rest: string) =>
    list([first, ...rest.split('/').slice(1)].map((d) => DAYS[d.slice(0, 3).toLowerCase()]!)));
  if (!/\d/.test(out)) return out;
  if (colon) out = out
    .replace(VERSE, (_, book: string, chapter: string, verse: string, last?: string) =>
      `${book} chapter ${chapter}, ${last ? `verses ${verse} to ${last}` : `verse ${verse}`}`)
    .replace(RACE_TIME, (_, h: string | undefined, m: string, s: string, fraction: string) =>
      [h ? plural(Number(h), 'hour') : '', plural(Number(m), 'minute'), `${Number(s)}.${fraction} seconds`].filter(Boolean).join(', '));
  if (!slash) return out;
  if (CRICKET.test(out)) {
    out = out.replace(RUNS_FOR_WICKETS, (all, runs: string, wickets: string) =>
      (Number(wickets) <= 10 && Number(runs) > Number(wickets) ? `${runs} for ${wickets}` : all));
  }
  return numericDates(out);
}
