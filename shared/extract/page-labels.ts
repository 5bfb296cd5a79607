/** Labels pages set around articles and teasers, which are never part of what is read. */
import type { PageElement } from './page-dom.ts';

/**
 * A teaser's label of its reading time or age, never spoken: "5 min read", "3 minute read", "Updated 3
 * hours ago", "2 days ago", "Lesezeit: 4 Min.", "il y a 3 heures", "hace 2 días".
 */
export const READING_LABEL =
  /^(?:[·•|\-–—\s]*(?:(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]*(?:min(?:ute)?s?|mins?\.?|hours?|hrs?)\.?[\s-]*(?:read|reading|listen|lesen|lecture|de lectura)|(?:reading time|read time|lesezeit|temps de lecture|tiempo de lectura)\s*:?\s*\d{1,3}\s*(?:min(?:ute)?s?|min\.?|minuten)\.?|(?:updated|posted|published|aktualisiert|mis à jour|actualizado)?\s*(?:\d{1,3}|an?|one)\s+(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\s+ago|vor\s+\d{1,3}\s+(?:minuten|stunden|tagen|wochen|monaten|jahren)|il y a\s+\d{1,3}\s+(?:minutes?|heures?|jours?|semaines?|mois|ans)|hace\s+\d{1,3}\s+(?:minutos?|horas?|días?|semanas?|meses|años?)))+[\s.·•|]*$/iu;

/** A class or id made of words, not a utility class ("Mx(a)--modalCentered") or a heading's slug. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9]*(?:[-_]+[A-Za-z0-9]+){0,4}[-_]*$/;

/** The lower-case words of a plain class or id ("productReviews-list" → product, reviews, list); none for another name. */
export function nameWords(name: string): string[] {
  if (!PLAIN_NAME.test(name)) return [];
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/).filter(Boolean);
}

/** An element's names: each class and its id. */
export const elementNames = (element: PageElement): string[] =>
  `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.split(/\s+/).filter(Boolean);

/** Whether one of `names` holds one of `words` (see nameWords). */
export const namedWith = (names: readonly string[], words: ReadonlySet<string>): boolean =>
  names.some((name) => nameWords(name).some((word) => words.has(word)));
