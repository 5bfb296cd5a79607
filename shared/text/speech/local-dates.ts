/**
 * Dates and times in the languages read from a lexicon, each recognised by its context: "2024-03-15",
 * "15.03.2024", "15/03/2024" (the day first in these languages); a day and month alone ("le 30/06",
 * "am 3.9.", "el 3/9") after a word that introduces a date or with a month written with its zero;
 * times "16:30", "16.30 Uhr", "16h30", "10.00 a 13.30 h" (a range whose end names the hour), "8–12 Uhr".
 */
import type { SpeechLanguage } from './language.ts';
import type { Lexicon } from './lexicon.ts';

// Words a day and month alone follow as a date, in each language.
const DATE_CUES: Record<SpeechLanguage, string> = {
  de: 'am|vom|bis|ab|zum|seit|den|der|dem|Mo|Di|Mi|Do|Fr|Sa|So|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Stand|Frist|Termin',
  fr: 'le|du|au|avant|après|depuis|dès|jusqu’au|jusqu\'au|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lun|mar|mer|jeu|ven|sam|dim',
  es: 'el|del|al|hasta|desde|antes|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lun|mar|mié|jue|vie|sáb|dom|día',
  it: 'il|dal|al|entro|fino|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|lun|mar|mer|gio|ven|sab|dom',
  pt: 'a|em|de|até|desde|dia|segunda|terça|quarta|quinta|sexta|sábado|domingo|seg|ter|qua|qui|sex|sáb|dom',
  ru: 'на|к|с|до|по|от',
};
const HOUR_WORDS = 'h|Uhr|horas|hrs?|heures|ore|часов|ч';

const valid = (d: number, m: number) => m >= 1 && m <= 12 && d >= 1 && d <= 31;

export function replaceDatesAndTimes(text: string, lex: Lexicon, language: SpeechLanguage): string {
  if (!/\d/.test(text)) return text;
  const cue = new RegExp(`(?:^|[\\s(])(?:${DATE_CUES[language]})\\.?,?\\s$`, 'iu');
  const time = (h: string, m: string) => lex.time(Number(h), Number(m));
  let out = text
    // 2024-03-15
    .replace(/\b(1\d{3}|2\d{3})-(\d{2})-(\d{2})\b/g, (all, y: string, m: string, d: string) =>
      (valid(Number(d), Number(m)) ? lex.date(Number(d), Number(m), Number(y)) : all))
    // 15.03.2024 or 15/03/2024 (or 15/03/24)
    .replace(/\b(\d{1,2})([./])(\d{1,2})\2(\d{4}|\d{2}(?![.,]?\d))\b/g, (all, d: string, _sep: string, m: string, y: string) =>
      (valid(Number(d), Number(m)) ? lex.date(Number(d), Number(m), Number(y.length === 2 ? `20${y}` : y)) : all))
    // "le 30/06", "am 3.9.", "el 3/9": a day and a month after a word that introduces a date, or with the month's zero
    .replace(/(?<![\d.,/:])(\d{1,2})(?:\/(\d{1,2})(?![\d/]|[.,]\d)|\.(\d{1,2})\.(?![\d]))/g, (all, d: string, slashed?: string, dotted?: string, offset = 0, whole = '') => {
      const m = slashed ?? dotted!;
      const before = whole.slice(Math.max(0, offset - 14), offset);
      if (!valid(Number(d), Number(m)) || !(cue.test(before) || (m.length === 2 && m.startsWith('0')))) return all;
      const date = lex.date(Number(d), Number(m), undefined);
      // "am 3.9. in": the day's full stop was the date's; before a capital it may also end the sentence
      return dotted && /^\s*$/.test(whole.slice(offset + all.length)) ? `${date}.` : date;
    })
    // "de 10.00 a 13.30 h", "8.30–12 Uhr": a range of times whose end names the hour
    .replace(new RegExp(`(?<![\\d.,:])([01]?\\d|2[0-3])(?:[.:]([0-5]\\d))?(\\s?(?:[-–]|a|à|bis|al|às|alle|до)\\s?)([01]?\\d|2[0-3])(?:[.:]([0-5]\\d))?\\s?(?:${HOUR_WORDS})(?![\\p{L}])`, 'gu'),
      (_, h1: string, m1: string | undefined, between: string, h2: string, m2: string | undefined) =>
        // "8–12 Uhr" names the hour once: "8 bis 12 Uhr"
        `${m1 === undefined && m2 === undefined ? h1 : time(h1, m1 ?? '0')} ${/[-–]/.test(between) ? lex.to : between.trim()} ${time(h2, m2 ?? '0')}`)
    // "13.30 h", "16.30 Uhr"
    .replace(new RegExp(`(?<![\\d:.,])([01]?\\d|2[0-3])[:.]([0-5]\\d)\\s?(?:${HOUR_WORDS})(?![\\p{L}])`, 'gu'), (_, h: string, m: string) => time(h, m));
  if (language === 'fr' || lex.hourMark) {
    out = out.replace(/(?<![\d:])\b([01]?\d|2[0-3])\s?h\s?([0-5]\d)?(?![\p{L}\d])/gu, (_, h: string, m?: string) => time(h, m ?? '0'));
  }
  if (language === 'es') {
    out = out.replace(/(?<![\d:])\b([01]?\d|2[0-3]):([0-5]\d)\s?([ap])\.?\s?m\.?(?!\p{L})/giu, (_, h: string, m: string, ap: string) =>
      `${time(h, m)} ${ap.toLowerCase() === 'a' ? 'de la mañana' : 'de la tarde'}`);
  }
  return out.replace(/(?<![\d:])\b([01]?\d|2[0-3]):([0-5]\d)(?!:?\d)/g, (_, h: string, m: string) => time(h, m));
}
