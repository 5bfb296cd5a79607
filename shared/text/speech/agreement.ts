/**
 * Numbers that agree with the noun they count, where a voice reading the digits would not: Spanish
 * and Portuguese hundreds and "one" before a feminine noun ("200 personas" → "doscientas personas",
 * "21 casas" → "veintiuna casas", "200 pessoas" → "duzentas pessoas"). A noun is taken as feminine by
 * its ending (-a, -as, -ción, -dad, -tud, -gem...), with the common masculine words in -a set apart.
 */
import { cardinalOf } from '../speech-numbers.ts';

const MASCULINE_IN_A = /^(?:d[ií]as?|problemas?|mapas?|climas?|sistemas?|programas?|idiomas?|temas?|planetas?|poetas?|atletas?|dramas?|esquemas?|pijamas?|sofás?|papás?|guardias?|cometas?|dilemas?|lemas?|fantasmas?|tranvías?|colegas?|turistas?|artistas?|periodistas?|ciclistas?|futbolistas?|especialistas?|economistas?|socialistas?|analistas?|dentistas?|pilotos?|metros?)$/;
const FEMININE_ENDING = /(?:a|as|ción|ciones|dad|dades|tud|tudes|sión|siones|gem|gens|ção|ções|mujeres|mulheres|veces|vezes|noches|calles|llaves|naves|redes|leyes|flores|clases|fuentes|muertes|gentes|partes)$/;

/** Whether a counted noun is feminine in Spanish or Portuguese. */
export function isFeminineNoun(word: string): boolean {
  const lower = word.toLowerCase();
  return !MASCULINE_IN_A.test(lower) && FEMININE_ENDING.test(lower);
}

const FEMININE: Record<'es' | 'pt', Array<[RegExp, string]>> = {
  es: [[/ientos\b/g, 'ientas'], [/\buno$/, 'una'], [/iuno$/, 'iuna'], [/\bquinientos\b/g, 'quinientas']],
  pt: [[/entos\b/g, 'entas'], [/\bum$/, 'uma'], [/\bdois$/, 'duas'], [/\bquinhentos\b/g, 'quinhentas']],
};

// A count of up to 999,999 (written with a thousands' dot or not) before a word.
const COUNT = /(?<![\d.,])(\d{1,3}(?:\.\d{3})?|\d{1,6})(?![\d.,]\d)(?=\s+(\p{Ll}+))/gu;

/** The counts before feminine nouns written as feminine words; others stay digits for the voice. */
export function feminineCounts(text: string, language: 'es' | 'pt'): string {
  if (!/\d\s+\p{Ll}/u.test(text)) return text;
  return text.replace(COUNT, (all, written: string, noun: string) => {
    // a plural noun (a verb in -a is no noun: "1 llega"); "one" itself a voice says before its noun
    if (written === '1' || !noun.endsWith('s') || !isFeminineNoun(noun)) return all;
    const words = cardinalOf(written.replace(/\./g, ''), language);
    const feminine = FEMININE[language].reduce((w, [pattern, to]) => w.replace(pattern, to), words);
    return feminine === words ? all : feminine;
  });
}
