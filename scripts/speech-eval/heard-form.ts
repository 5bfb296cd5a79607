/**
 * What a listener hears of a voice text, as words to compare: the digits a voice is left to read
 * become the number words it says (a whole number, one written with the language's thousands
 * separator, a decimal with its decimal comma); any other mark between digits ("10:00", "3/9", "4.5"
 * in German) stays a mark, so a form the voice would read wrongly never matches. Then lower case,
 * hyphens and punctuation as spaces, "and" left out where English puts it in a number or not
 * ("one hundred and five").
 */
import { toCardinal as de } from 'n2words/de-DE';
import { toCardinal as en } from 'n2words/en-US';
import { toCardinal as es } from 'n2words/es-ES';
import { toCardinal as fr } from 'n2words/fr-FR';
import { toCardinal as it } from 'n2words/it-IT';
import { toCardinal as pt } from 'n2words/pt-PT';
import { toCardinal as ru } from 'n2words/ru-RU';

const CARDINAL: Record<string, (n: bigint) => string> = { en, de, fr, es, it, pt, ru };
const COMMA: Record<string, string> = { de: 'komma', fr: 'virgule', es: 'coma', it: 'virgola', pt: 'vírgula', ru: 'запятая' };
// How each language groups thousands when it writes a number a voice reads well.
const THOUSANDS: Record<string, RegExp> = {
  en: /^\d{1,3}(?:,\d{3})+$/, de: /^\d{1,3}(?:\.\d{3})+$/, es: /^\d{1,3}(?:\.\d{3})+$/, it: /^\d{1,3}(?:\.\d{3})+$/,
  pt: /^\d{1,3}(?:\.\d{3})+$/, fr: /^\d{1,3}(?:[  ]\d{3})+$/, ru: /^\d{1,3}(?:[  ]\d{3})+$/,
};

function words(digits: string, language: string): string {
  const cardinal = CARDINAL[language] ?? en;
  if (digits.length > 1 && digits.startsWith('0')) return [...digits].map((d) => cardinal(BigInt(d))).join(' ');
  return digits.length > 15 ? [...digits].map((d) => cardinal(BigInt(d))).join(' ') : cardinal(BigInt(digits));
}

/** A voice's reading of the digits left in `text`, as words. */
export function voiceReads(text: string, language: string): string {
  const thousands = THOUSANDS[language] ?? THOUSANDS.en!;
  return text.replace(/\d[\d  .,]*\d|\d/g, (run) => {
    const trimmed = run.replace(/[  .,]+$/, '');
    const rest = run.slice(trimmed.length);
    if (/^\d+$/.test(trimmed)) return ` ${words(trimmed, language)} ${rest}`;
    if (thousands.test(trimmed)) return ` ${words(trimmed.replace(/\D/g, ''), language)} ${rest}`;
    const decimal = language === 'en' ? /^(\d+)\.(\d+)$/ : /^(\d+),(\d+)$/;
    const parts = decimal.exec(trimmed);
    if (parts) {
      const point = language === 'en' ? 'point' : COMMA[language] ?? 'point';
      const fraction = parts[2]!.length <= 2 && !parts[2]!.startsWith('0') && language !== 'en' ? words(parts[2]!, language) : [...parts[2]!].map((d) => words(d, language)).join(' ');
      return ` ${words(parts[1]!, language)} ${point} ${fraction} ${rest}`;
    }
    // a mark the voice would read as such: kept, so it matches no words
    return ` ${trimmed.replace(/[  ]/g, ' ').replace(/\d+/g, (d) => ` ${words(d, language)} `).replace(/([.,:/])/g, ' #$1# ')} ${rest}`;
  });
}

const ONE: Record<string, [RegExp, string]> = {
  de: [/(?<!\p{L})ein(?:e|s|en|er|em)?(?!\p{L})/gu, 'ein'], es: [/(?<!\p{L})un[oa]?(?!\p{L})/gu, 'un'],
  fr: [/(?<!\p{L})une?(?!\p{L})/gu, 'un'], it: [/(?<!\p{L})un[oa]?(?!\p{L})/gu, 'un'], pt: [/(?<!\p{L})uma?(?!\p{L})/gu, 'um'],
  ru: [/(?<!\p{L})од(?:ин|на|но)(?!\p{L})/gu, 'один'],
};

/** "eins", "une", "uno" as one form: how heardWords hears "one" (for a pattern of what must be heard). */
export function oneForm(text: string, language: string): string {
  const one = ONE[language];
  return one ? text.replace(one[0], one[1]) : text;
}

/** Lower case, hyphens and punctuation as spaces, one space between words. */
export function heardWords(text: string, language: string): string {
  let out = voiceReads(text.normalize('NFC'), language)
    .toLowerCase()
    .replace(/#([.,:/])#/g, ' mark$1 ')
    .replace(/[-‐‑–—]/g, ' ')
    .replace(/[^\p{L}\p{N}$€£¥₹%§°/:#\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (language === 'en') out = out.replace(/\band\b/g, ' ').replace(/\s+/g, ' ').trim();
  // "one" agrees with its noun, which a voice does for a digit: each form of it is heard alike here
  const one = ONE[language];
  return one ? out.replace(one[0], one[1]) : out;
}

/** Whether a listener hears the same words in `a` and `b` (spaces aside: "fünf und vierzig" is "fünfundvierzig"). */
export function sameHeard(a: string, b: string, language: string): boolean {
  return heardWords(a, language).replace(/ /g, '') === heardWords(b, language).replace(/ /g, '');
}
