/**
 * Voice preparation for German, French and Spanish articles, each read from its lexicon (de.ts,
 * fr.ts, es.ts): money, percentages, times, dates, ordinals, units, scores, fractions, Roman numerals
 * and common abbreviations become words of the article's language, and IDs are read digit by digit.
 * Plain numbers and years stay digits: a voice of the language reads those well ("2024" →
 * "zweitausendvierundzwanzig") and inflects them ("1 Stunde" → "eine Stunde"), which number words from
 * a table cannot.
 */
import { contextAbbreviations } from './kinds/abbreviations.ts';
import { cardinalOf, digitWords, longNumberWords, romanValue } from '../speech-numbers.ts';
import { DE } from './de.ts';
import { ES } from './es.ts';
import { FR } from './fr.ts';
import { IT } from './it.ts';
import { feminineCounts } from './agreement.ts';
import { replaceDatesAndTimes } from './local-dates.ts';
import { PT } from './pt.ts';
import { RU } from './ru.ts';
import type { SpeechLanguage } from './language.ts';
import { formFor, frenchOrdinal, germanOrdinal, spanishOrdinal, type Lexicon } from './lexicon.ts';

export { isSpeechLanguage, type SpeechLanguage } from './language.ts';

const LEXICONS: Record<SpeechLanguage, Lexicon> = { de: DE, fr: FR, es: ES, it: IT, pt: PT, ru: RU };
const IN_CONTEXT = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, contextAbbreviations(lex.inContext)]),
) as Record<SpeechLanguage, (text: string) => string>;


// Every pattern here runs on untrusted text of up to 200,000 characters: repetitions are bounded and
// no two quantifiers compete for the same characters.

// An amount as these languages write it: 1.000.000 or 1 000 000 (thin or no-break spaces too) or
// 1000, then an optional decimal part after a comma (or a dot, as an English source may have it).
const AMOUNT = String.raw`(\d{1,3}(?:[.\u00A0\u202F ]\d{3}){1,5}|\d{1,12})(?:[,.](\d{1,2})(?!\d))?`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A lexicon's currency signs, the longest first ("R$" before "$"). */
const symbolsOf = (lex: Lexicon) => Object.keys(lex.currencies).sort((a, b) => b.length - a.length).map(escape).join('|');

/** The word for a magnitude written after an amount, if that is one of this language's. */
function magnitudeWord(lex: Lexicon, written: string | undefined): string | undefined {
  return written ? lex.magnitudes[written.toLowerCase()] : undefined;
}

function moneyWords(lex: Lexicon, symbol: string, whole: string, cents: string | undefined, magnitude: string | undefined): string {
  const currency = lex.currencies[symbol]!;
  const big = magnitudeWord(lex, magnitude);
  if (big) {
    const amount = cents ? `${whole},${cents}` : whole;
    const of = !lex.magnitudeOf ? '' : lex.magnitudeOf === 'de' && /^[aeiouéè]/i.test(currency.many) ? "d'" : `${lex.magnitudeOf} `;
    return `${amount} ${big} ${of}${currency.many}`;
  }
  const name = formFor(whole, [currency.one, currency.many, currency.few]);
  if (!cents || /^0+$/.test(cents)) return `${whole} ${name}`;
  const centAmount = String(Number(cents.length === 1 ? `${cents}0` : cents));
  return `${whole} ${name} ${lex.centsJoin ? `${lex.centsJoin} ` : ''}${centAmount}`;
}

function replaceMoney(text: string, lex: Lexicon): string {
  const magnitudes = Object.keys(lex.magnitudes)
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(/\./g, '\\.'))
    .join('|');
  const after = `(?:\\s?(${magnitudes})(?![\\p{L}]))?`;
  // "$9 Mrd. Der": the abbreviation's dot also ended the sentence, so it stays as a full stop.
  const stop = (magnitude: string | undefined, rest: string) => (magnitude?.endsWith('.') && /^(?:\s+\p{Lu}|\s*$)/u.test(rest) ? '.' : '');
  const SYMBOLS = symbolsOf(lex);
  return text
    // 9,99 € / 9 Mrd. € / 1.000 $
    .replace(new RegExp(`${AMOUNT}${after}\\s?(${SYMBOLS})`, 'giu'), (_, whole: string, cents?: string, magnitude?: string, symbol?: string) =>
      moneyWords(lex, symbol!, whole, cents, magnitude))
    // $9 / €9,99 / $9 Mrd.
    .replace(new RegExp(`(${SYMBOLS})\\s?${AMOUNT}${after}`, 'giu'), (all: string, symbol: string, whole: string, cents: string | undefined, magnitude: string | undefined, offset: number, input: string) =>
      moneyWords(lex, symbol, whole, cents, magnitude) + stop(magnitude, input.slice(offset + all.length)));
}

/** Words before a German ordinal that take the -en ending (am dritten, im 21. Jahrhundert → im einundzwanzigsten). */
const DE_DATIVE = /(?:^|\s)(?:am|im|vom|zum|beim|dem|den|des|seit|bis|ab)\s$/i;

function replaceOrdinals(text: string, lex: Lexicon, language: SpeechLanguage): string {
  if (language === 'de') {
    const months = lex.months.join('|');
    return text
      // "vom 3.–5. Mai", "10. bis 12. März": a range of days, both ordinals in the case of the word before
      .replace(new RegExp(`(?<![\\d.,])\\b([1-9]\\d?)\\.\\s?(?:[-–—]|bis)\\s?([1-9]\\d?)\\.(?=\\s+(?:${months})\\b)`, 'g'),
        (all, a: string, b: string, offset: number, whole: string) => {
          if (Number(a) >= Number(b) || Number(b) > 31) return all;
          const ending = DE_DATIVE.test(whole.slice(Math.max(0, offset - 8), offset)) ? 'en' : 'er';
          return `${germanOrdinal(Number(a), ending)} bis ${germanOrdinal(Number(b), ending)}`;
        })
      // "15. März", "im 21. Jahrhundert", "der 3. Platz": a number with a dot before a capitalised word.
      .replace(/(?<![\d.,])\b([1-9]\d?)\.(?=\s+\p{Lu})/gu, (all, n: string, offset: number, whole: string) => {
      const before = whole.slice(Math.max(0, offset - 8), offset);
      const next = /^\.\s+(\p{Lu}\p{L}*)/u.exec(whole.slice(offset + n.length))?.[1] ?? '';
      const isDate = lex.months.includes(next);
      const afterArticle = /(?:^|\s)(?:der|die|das|am|im|vom|zum|beim|dem|den|des|seit|bis|ab)\s$/i.test(before);
      if (!isDate && !afterArticle) return all; // a sentence that ends in a number
      return germanOrdinal(Number(n), DE_DATIVE.test(before) ? 'en' : afterArticle ? 'e' : 'er');
    });
  }
  if (language === 'fr') {
    return text
      // "XVIIe siècle", "la IIIe République", "François Ier": a Roman numeral with an ordinal's ending
      .replace(/\b([IVX]|[IVXLC]{2,7})(er|re|e|ème)(?![\p{L}\d])/gu, (all, numeral: string, suffix: string) => {
        const value = romanValue(numeral);
        if (value === undefined) return all;
        return frenchOrdinal(value, suffix === 're');
      })
      .replace(/\b1(er|re)\b/g, (_, suffix: string) => frenchOrdinal(1, suffix === 're'))
      .replace(/\b([1-9]\d?)(?:e|ème|è)(?![\p{L}])/gu, (_, n: string) => frenchOrdinal(Number(n)));
  }
  if (language === 'ru') return text;
  return text.replace(/\b([1-9]\d?)\.?\s?([ºª°])(?!\d)/g, (all, n: string, mark: string, offset: number, whole: string) => {
    const word = (lex.ordinal ?? spanishOrdinal)(Number(n), mark === 'ª');
    // before a masculine noun "primero" and "tercero" lose their -o: "el 3.º puesto" → "el tercer puesto"
    const beforeNoun = /^\s+\p{Ll}{4,}/u.test(whole.slice(offset + all.length));
    return beforeNoun ? word.replace(/\b(prim|terc)ero$/, '$1er') : word;
  });
}

function replaceQuantities(text: string, lex: Lexicon): string {
  const units = Object.keys(lex.units)
    .sort((a, b) => b.length - a.length)
    .map((u) => u.replace('/', '\\/'))
    .join('|');
  return text
    .replace(/(\d)\s?(?:-|–|—)\s?(\d+(?:[.,]\d+)?)\s?%/g, `$1 ${lex.to} $2 ${lex.percent}`)
    .replace(/(\d)\s?%/g, `$1 ${lex.percent}`)
    .replace(/°\s?([CF])\b/g, (_, unit: string) => ` ${lex.degrees} ${unit === 'C' ? lex.celsius ?? 'Celsius' : 'Fahrenheit'}`)
    // "1° maggio", "2° posto": a degree sign before a word is an ordinal's mark in Italian, Spanish, Portuguese
    .replace(/(\d)\s?°(?!\s(?!(?:de|di|da|en|in)\s)\p{Ll})/gu, `$1 ${lex.degrees}`)
    .replace(new RegExp(`\\b(\\d+(?:[.,]\\d+)?)\\s?(${units})(?![\\p{L}/])`, 'gu'), (_, n: string, unit: string) =>
      `${n} ${formFor(n, lex.units[unit]!)}`)
    .replace(/(\d)\s?–\s?(?=\d)/g, `$1 ${lex.to} `);
}

// Words before a number that names a thing rather than counts: read digit by digit.
const ID_AFTER_CUE = /(?<![\w#])([Bb]ug|[Ii]ssue|[Tt]icket|PR|ID|Nr\.|Nummer|[Nn]°|núm\.|número|numéro|#)(\s?)(\d{5,40})(?![\d.,]\d)/gu;
const ID_CUE_WORDS: Record<string, string> = { 'Nr.': 'Nummer', 'n°': 'numéro', 'N°': 'numéro', 'núm.': 'número' };
const VERSION: Record<SpeechLanguage, string> = { de: 'Version', fr: 'version', es: 'versión', it: 'versione', pt: 'versão', ru: 'версия' };
// The numeral ends the word: not "Iv" in "Ivan".
const ROMAN_END = "(?![\\p{L}\\d'’])";

/** Version numbers, IDs and Roman numerals: numbers that are names, read as such. */
function replaceNamedNumbers(text: string, lex: Lexicon, language: SpeechLanguage): string {
  const roman = (all: string, numeral: string, read: (n: number) => string) => {
    const value = romanValue(numeral);
    return value === undefined ? all : read(value);
  };
  // German marks a ruler's number with a full stop ("Ludwig XIV."); it stays when it also ends the sentence.
  const rulerDot = language === 'de' ? String.raw`(\.(?!\s+\p{Lu}|\s*$))?` : '()';
  return text
    .replace(/\b(?:([Vv]ersi[oó]n)\s?v?|v)(\d{1,6}(?:\.\d{1,6}){1,4})\b/g, (_, word: string | undefined, parts: string) =>
      `${word ?? VERSION[language]} ${parts.split('.').join(` ${lex.point} `)}`)
    .replace(ID_AFTER_CUE, (_, cue: string, between: string, digits: string) =>
      `${ID_CUE_WORDS[cue] ?? cue}${between || ' '}${digitWords(digits, language)}`)
    .replace(new RegExp(`(?<!\\p{L})(${lex.rulers}) ([IVX]{1,7})${ROMAN_END}${rulerDot}`, 'gu'), (all, name: string, numeral: string, _dot: unknown, offset: number, whole: string) =>
      roman(all, numeral, (n) => `${name} ${lex.regnal(name, n, whole.slice(Math.max(0, offset - 30), offset))}`))
    .replace(new RegExp(`(?<!\\p{L})(${lex.numbered}) ([IVXLC]{1,9})${ROMAN_END}`, 'giu'), (all, word: string, numeral: string) =>
      roman(all, numeral, (n) => `${word} ${n}`))
    .replace(new RegExp(`\\b(\\p{Lu}\\p{Ll}{1,20}) ([IVX]{2,6})${ROMAN_END}`, 'gu'), (all, word: string, numeral: string) =>
      roman(all, numeral, (n) => `${word} ${n}`));
}

/** Scores and ranges, fractions, sizes and multipliers, and numbers glued to letters ("COVID-19", "4K"). */
function replaceNumberSymbols(text: string, lex: Lexicon, language: SpeechLanguage): string {
  const weekdays = Object.keys(lex.weekdays).join('|');
  return text
    // "Di.–Sa.", "lun-ven": a range of abbreviated weekdays
    // (a last full stop that also ends the sentence stays)
    .replace(new RegExp(`\\b(${weekdays})\\.?\\s?[-–]\\s?(${weekdays})(?:\\.(?!\\s+\\p{Lu}|\\s*$))?(?![\\p{L}])`, 'gu'), (_, a: string, b: string) =>
      `${lex.weekdays[a]} ${lex.to} ${lex.weekdays[b]}`)
    // "du lun. au ven.", "lun., mer. et ven.": an abbreviated weekday in a list or after a word that names a day
    .replace(new RegExp(`(?<=(?:^|\\s)(?:du|au|le|et|el|al|y|del|il|dal|e|a|am|vom|bis|und|ab)\\s|[,(]\\s?)(${weekdays})\\.(?!\\p{L})|(?<![\\p{L}.])(${weekdays})\\.(?=,|\\s(?:au|et|à|y|al|a|e|bis|und|–|-)\\s)`, 'gu'),
      (_, a?: string, b?: string) => lex.weekdays[(a ?? b)!]!)
    // "2× täglich": German writes the count and "mal" as one word
    .replace(/(?<![\d.,])(\d{1,2})\s?[x×](?=\s\p{L})/gu, (all, n: string) => (language === 'de' ? `${cardinalOf(n, 'de')}mal` : all))
    // a run of digits is taken whole from its first digit, so nothing is scanned twice
    .replace(/\d{41,}/g, (digits: string) => longNumberWords(digits, language))
    // "2:0", "2-0" (a score) and "10-15" (a range); not a third part (a phone number, a code)
    .replace(/(?<![\d.,:/-])(\d{1,9})(?:\s?[-–:]\s?)(\d{1,9})(?![\d.,:/-]?\d)/g, (_, a: string, b: string) => {
      if (a.length === 4 && b.length === 2) return `${a} ${lex.to} ${a.slice(0, 2)}${b}`; // 1990-95
      return `${a} ${Number(b) > Number(a) ? lex.to : lex.scoreTo} ${b}`;
    })
    .replace(/(?<![\d./])(\d{1,6})\/(\d{1,6})(?![\d/])/g, (all, a: string, b: string) =>
      (all === '24/7' ? '24 7' : `${a} ${lex.outOf} ${b}`))
    .replace(/(\d)\s?[x×]\s?(?=\d)/g, `$1 ${lex.by} `)
    .replace(/(?<![\w.,])(\d{1,9}(?:[.,]\d{1,6})?)\s?[x×](?![\p{L}\d])/gu, `$1 ${lex.times}`)
    .replace(/(\p{L})-(?=\d)/gu, '$1 ')
    .replace(/(\d)-(?=\p{L})/gu, '$1 ')
    .replace(/(\d)(?=\p{Lu})/gu, '$1 ')
    .replace(/(\p{Lu})(?=\d)/gu, '$1 ');
}

/** What a version number follows ("Update 5.3", "iOS 13.2"), where a German voice would read "5.3" as a date. */
const VERSION_CUE = 'Version|Versionen|Update|Release|Build|Patch|Beta|Kernel|iOS|iPadOS|macOS|OS X|Android|Windows|Linux|Firefox|Chrome|Python|PHP|Java|Bluetooth|USB|HDMI|v';

/**
 * German numbers written with a dot that is no thousands' separator: a version's parts joined by
 * "Punkt", and a decimal written the English way before a percentage, a unit or a magnitude ("um 2.5
 * Prozent") with the comma German reads as "Komma".
 */
function replaceDottedNumbers(text: string, lex: Lexicon): string {
  const after = ['%', lex.percent, ...Object.keys(lex.units), ...Object.keys(lex.magnitudes)]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|');
  return text
    .replace(new RegExp(`\\b(${VERSION_CUE}) (\\d{1,3}(?:\\.\\d{1,3}){1,3})(?![.,]?\\d)`, 'g'), (_, cue: string, version: string) =>
      `${cue} ${version.split('.').join(' Punkt ')}`)
    .replace(new RegExp(`(?<![\\d.,])(\\d{1,3})\\.(\\d{1,2})(?=\\s?(?:${after})(?![\\p{L}]))`, 'giu'), '$1,$2');
}

/** Dates and times first, before any kind takes "3/9" for a fraction or "030 …" for a phone number. */
export function localDatesAndTimes(text: string, language: SpeechLanguage): string {
  return replaceDatesAndTimes(text, LEXICONS[language], language);
}

/** German, French or Spanish: the article's numbers, money, dates and times as words of its language. */
export function localSpeechText(text: string, language: SpeechLanguage): string {
  const lex = LEXICONS[language];
  const early = (lex.early ?? []).reduce((acc, [pattern, words]) => acc.replace(pattern, words), text);
  let out = replaceNamedNumbers(IN_CONTEXT[language](early), lex, language);
  if (language === 'de') out = replaceDottedNumbers(out, lex);
  // "2 209", "5 500": thousands parted by spaces are one number to a voice
  out = out.replace(/(?<![\d,.])\d{1,3}(?:[ \u00A0\u202F]\d{3})+(?![\d]|[,.]\d{3})/g, (n) => n.replace(/[ \u00A0\u202F]/g, ''));
  out = replaceMoney(out, lex);
  out = replaceQuantities(out, lex);
  out = replaceOrdinals(out, lex, language);
  if (language === 'es' || language === 'pt') out = feminineCounts(out, language);
  out = replaceNumberSymbols(out, lex, language);
  out = lex.abbreviations.reduce((acc, [pattern, words]) => acc.replace(pattern, words), out);
  return out.replace(/\s&\s/g, ` ${lex.and} `);
}

