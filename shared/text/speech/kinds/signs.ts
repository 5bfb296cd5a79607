/**
 * Signs before a number, written as words in each language: a voice drops or mumbles "-12" ("moins
 * douze", "menos doce"). A dash after a number or a word is a range or a hyphen, never a sign.
 */
import type { ReadingLanguage } from '../language.ts';

const MINUS: Record<ReadingLanguage, string> = { en: 'minus', de: 'minus', fr: 'moins', es: 'menos', it: 'meno', pt: 'menos', ru: 'минус' };
const PLUS: Record<ReadingLanguage, string> = { en: 'plus', de: 'plus', fr: 'plus', es: 'más', it: 'più', pt: 'mais', ru: 'плюс' };
const PLUS_MINUS: Record<ReadingLanguage, string> = {
  en: 'plus or minus', de: 'plus minus', fr: 'plus ou moins', es: 'más o menos', it: 'più o meno', pt: 'mais ou menos', ru: 'плюс-минус',
};

// "§ 242", "§§ 823 ff.": a section of a law, said by its name.
const SECTION: Record<ReadingLanguage, [string, string]> = {
  en: ['section', 'sections'], de: ['Paragraf', 'Paragrafen'], fr: ['paragraphe', 'paragraphes'], es: ['párrafo', 'párrafos'],
  it: ['paragrafo', 'paragrafi'], pt: ['parágrafo', 'parágrafos'], ru: ['параграф', 'параграфы'],
};

// "B♭ major", "C♯ minor", "F# minor": a note's flat or sharp.
const NOTE = /\b([A-G])(?:(♭|b)|(♯|#))(?=[\s-](?:major|minor|Dur|Moll|majeur|mineur|mayor|menor|maggiore|minore|maior|menor|мажор|минор)\b)|\b([A-G])(♭|♯)/gu;
const FLAT_SHARP: Record<ReadingLanguage, [string, string]> = {
  en: ['flat', 'sharp'], de: ['', ''], fr: ['bémol', 'dièse'], es: ['bemol', 'sostenido'], it: ['bemolle', 'diesis'],
  pt: ['bemol', 'sustenido'], ru: ['бемоль', 'диез'],
};

/** German names a note's flat and sharp in the letter: "Es", "As", "B", "Cis", "Fis". */
function germanNote(letter: string, flat: boolean): string {
  if (!flat) return `${letter}is`;
  return letter === 'B' ? 'B' : letter === 'E' || letter === 'A' ? `${letter}s` : `${letter}es`;
}

function note(letter: string, flat: boolean, language: ReadingLanguage): string {
  return language === 'de' ? germanNote(letter, flat) : `${letter} ${FLAT_SHARP[language][flat ? 0 : 1]}`;
}

// The sign opens the number: at the line's start, after a space, a bracket, a colon or "=", not after a digit and a space.
const MINUS_SIGN = /(?<=^|[\s(:=/])(?<!\d\s)[-−–](?=\d)/gmu;
const PLUS_SIGN = /(?<=^|[\s(:=/])(?<!\d\s)\+(?=\d)/gmu;

export function readSigns(text: string, language: ReadingLanguage): string {
  if (!/[-−–+]\d|[±§♭♯#]/.test(text)) return text;
  return text
    .replace(NOTE, (all, a?: string, flat?: string, sharp?: string, b?: string, sign?: string) =>
      (a ? note(a, Boolean(flat), language) : b ? note(b, sign === '♭', language) : all))
    .replace(/(§§?)\s?(?=\d)/g, (_, sign: string) => `${SECTION[language][sign.length - 1]} `)
    .replace(/±\s?/g, `${PLUS_MINUS[language]} `)
    .replace(MINUS_SIGN, `${MINUS[language]} `)
    .replace(PLUS_SIGN, `${PLUS[language]} `);
}
