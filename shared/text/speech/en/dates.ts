/** English dates, weekdays, times of day and durations. */
import { SENTENCE_OPENER_PATTERN } from '../../sentence-openers.ts';
import { ordinalWords, yearWords } from './words.ts';

// Time zones after a time of day, as said.
const ZONES: Record<string, string> = {
  ET: 'Eastern Time', EST: 'Eastern Standard Time', EDT: 'Eastern Daylight Time', CT: 'Central Time', CST: 'Central Standard Time',
  CDT: 'Central Daylight Time', MT: 'Mountain Time', PT: 'Pacific Time', PST: 'Pacific Standard Time', PDT: 'Pacific Daylight Time',
};

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
export const MONTH_PATTERN =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';

function monthName(text: string): string {
  const prefix = text.slice(0, 3).toLowerCase();
  return MONTHS.find((m) => m.slice(0, 3).toLowerCase() === prefix) ?? text;
}

function dateWords(month: number, day: number, year?: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${MONTHS[month - 1]} ${ordinalWords(day)}${year === undefined ? '' : `, ${yearWords(year)}`}`;
}

/** A day of the month, with or without its ordinal's ending. */
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
/** Whether "a–b" can be days of one month, the first before the second. */
const dayRange = (a: string, b: string) => Number(a) >= 1 && Number(a) < Number(b) && Number(b) <= 31;

const WEEKDAYS: Record<string, string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};
const WEEKDAY_PATTERN = '(Mon|Tue(?:s)?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\\.?';
// "Tue – Sat", "Mon-Fri", "Thurs to Sun": a range of abbreviated weekdays.
const WEEKDAY_RANGE = new RegExp(`\\b${WEEKDAY_PATTERN}\\s?(?:[-–—]|to)\\s?${WEEKDAY_PATTERN}(?![\\p{L}])`, 'gu');
// "Tue, Nov. 6", "Sat 12 May": an abbreviated weekday before a date.
const WEEKDAY_BEFORE_DATE = new RegExp(`\\b${WEEKDAY_PATTERN}(?=,?\\s(?:\\d{1,2}\\b|${MONTH_PATTERN}\\s\\d))`, 'g');

function weekdayName(text: string): string {
  return WEEKDAYS[text.slice(0, 3).toLowerCase()] ?? text;
}

export function replaceDates(text: string): string {
  // every date holds a digit; a weekday range ("Mon-Fri") may not
  if (!/\d/.test(text) && !/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)/.test(text)) return text;
  return text
    .replace(WEEKDAY_RANGE, (_, a: string, b: string) => `${weekdayName(a)} to ${weekdayName(b)}`)
    .replace(WEEKDAY_BEFORE_DATE, (_, day: string) => weekdayName(day))
    // "Nov. 2024": an abbreviated month before a year
    .replace(new RegExp(`\\b${MONTH_PATTERN}(?=\\s\\d{4}\\b)`, 'g'), (_, m: string) => monthName(m))
    // 2024-03-15
    .replace(/\b(1\d{3}|2\d{3})-(\d{2})-(\d{2})\b/g, (all, y: string, m: string, d: string) =>
      dateWords(Number(m), Number(d), Number(y)) ?? all)
    // 3/15/2024 (month first, as in en-US) or 15/3/2024 when the first part cannot be a month
    .replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (all, a: string, b: string, y: string) => {
      const [month, day] = Number(a) > 12 ? [Number(b), Number(a)] : [Number(a), Number(b)];
      return dateWords(month, day, Number(y)) ?? all;
    })
    // "3–5 May", "18-24 November 2019": a range of days before their month
    .replace(new RegExp(`(?<![\\d.,/:-])\\b${DAY}\\s?[-–—]\\s?${DAY} (?:of )?${MONTH_PATTERN}\\b(?:,? (\\d{4})\\b)?`, 'g'),
      (all, a: string, b: string, m: string, y?: string) =>
        dayRange(a, b) ? `the ${ordinalWords(Number(a))} to the ${ordinalWords(Number(b))} of ${monthName(m)}${y ? `, ${yearWords(Number(y))}` : ''}` : all)
    // "May 3–5", "Oct. 28–29, 2019": a month before a range of its days
    .replace(new RegExp(`\\b${MONTH_PATTERN} ${DAY}\\s?[-–—]\\s?${DAY}(?![\\d.,:/-]?\\d)(?:,? (\\d{4})\\b)?`, 'g'),
      (all, m: string, a: string, b: string, y?: string) =>
        dayRange(a, b) ? `${monthName(m)} ${ordinalWords(Number(a))} to ${ordinalWords(Number(b))}${y ? `, ${yearWords(Number(y))}` : ''}` : all)
    // March 15, 2024 / March 15th / Mar. 15
    .replace(new RegExp(`\\b${MONTH_PATTERN} (\\d{1,2})(?:st|nd|rd|th)?\\b(?:,? (\\d{4})\\b)?`, 'g'),
      (all, m: string, d: string, y?: string) =>
        dateWords(MONTHS.indexOf(monthName(m)) + 1, Number(d), y ? Number(y) : undefined) ?? all)
    // 15 March 2024 / 15th of March
    .replace(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_PATTERN}\\b(?:,? (\\d{4})\\b)?`, 'g'),
      (all, d: string, m: string, y?: string) => {
        const day = Number(d);
        if (day < 1 || day > 31) return all;
        return `the ${ordinalWords(day)} of ${monthName(m)}${y ? `, ${yearWords(Number(y))}` : ''}`;
      });
}

/**
 * "AM"/"PM" for a matched "a.m." or "pm"; a final dot that also ended the sentence stays as a full stop.
 */
function meridiem(ap: string | undefined, rest: string): string {
  if (!ap) return '';
  const word = ` ${ap[0]!.toUpperCase()}M`;
  return ap.endsWith('.') && new RegExp(`^(?:\\s+(?:${SENTENCE_OPENER_PATTERN})\\b|\\s*$)`).test(rest) ? `${word}.` : word;
}

/** "1:05:33" → "1 hour, 5 minutes and 33 seconds": a duration, as a race or a video gives it. */
function durationWords(h: string, m: string, sec: string): string {
  const parts = ([[h, 'hour'], [m, 'minute'], [sec, 'second']] as const)
    .filter(([n]) => Number(n) > 0)
    .map(([n, unit]) => `${Number(n)} ${unit}${Number(n) === 1 ? '' : 's'}`);
  if (parts.length === 0) return '0 seconds';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export function replaceTimes(text: string): string {
  if (!/\d[:.]\d|\d\s?[ap]\.?m/i.test(text)) return text;
  return text
    // "10:00–16:30": the dash between two times is "to"
    .replace(/(?<![\d:])(\d{1,2}:[0-5]\d(?:\s?[ap]\.?m\.?)?)\s?[-–]\s?(?=\d{1,2}:[0-5]\d)/gi, '$1 to ')
    // "6.45am", "7.15 p.m.": a time written with a dot, as in Britain
    .replace(/(?<![\d.:,])\b(1[0-2]|0?[1-9])\.([0-5]\d)(?=\s?[ap]\.?m\.?(?![a-z]))/gi, '$1:$2')
    .replace(/(?<![\d:])\b(\d{1,2}):([0-5]\d):([0-5]\d)(?![\d:])/g, (_, h: string, m: string, sec: string) => durationWords(h, m, sec))
    .replace(
      /(?<![\d:])\b([01]?\d|2[0-3]):([0-5]\d)(?!:?\d)(?:\s?([ap]\.?m\.?)(?![a-z]))?/gi,
      (all, h: string, m: string, ap: string | undefined, offset: number, whole: string) => {
        const hour = String(Number(h));
        const suffix = meridiem(ap, whole.slice(offset + all.length));
        if (m === '00') return ap ? `${hour}${suffix}` : `${hour} o'clock`;
        return `${hour} ${m.startsWith('0') ? `oh ${m[1]}` : m}${suffix}`;
      },
    )
    .replace(/\b(1[0-2]|0?[1-9])\s?([ap]\.?m\.?)(?![a-z])/gi, (all, h: string, ap: string, offset: number, whole: string) =>
      `${Number(h)}${meridiem(ap, whole.slice(offset + all.length))}`)
    // "9 AM–5 PM": the dash after a time is "to"
    .replace(/\b([AP]M)\s?[-–]\s?(?=\d)/g, '$1 to ')
    .replace(/\b([AP]M\.?|o'clock) (ET|EST|EDT|CT|CST|CDT|MT|PT|PST|PDT)\b/g, (_, time: string, zone: string) => `${time} ${ZONES[zone]}`);
}
