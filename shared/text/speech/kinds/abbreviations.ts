/**
 * Abbreviations read by their context, from each language's table: "St." is a saint before a name
 * ("St. Louis") and a street after one ("Elm St."); "Dr." a doctor before a name, a drive after one;
 * "tsp." a unit only after a number; "W." a compass point between a house number and a street's name.
 * The full stop goes with the abbreviation (the sentence was cut before, by its own rules).
 */

/** How one abbreviation reads, by where it stands. Forms are [one, many] after a number. */
export interface ContextAbbreviation {
  /** Before a capitalised word: "St. Louis" → "Saint". */
  beforeName?: string;
  /** After a capitalised word or an ordinal: "Elm St." → "Street". */
  afterName?: string;
  /** After a number: "2 tsp." → "teaspoons". */
  afterNumber?: [string, string];
  /** Between a number and a name: "3170 W. County Road" → "West". */
  betweenNumberAndName?: string;
  /** Anywhere: "approx." → "approximately". */
  always?: string;
  /** Whether a name after wins over a name before ("Dr." is rather a title than a road). */
  nameAfterWins?: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The word before: a capitalised word, an ordinal ("5th", "3e", "5.") or a number.
const NAME_BEFORE = /(?:\p{Lu}[\p{Ll}'’-]+|\d+(?:st|nd|rd|th|e|er|ª|º)?\.?)\s$/u;
const NUMBER_BEFORE = /\d\s?$/;
const NAME_AFTER = /^\s+\p{Lu}/u;
// Words that open a sentence are no names: "In St. Louis".
const NOT_NAMES = /(?:^|\s)(?:The|A|An|In|On|At|To|From|By|Of|For|And|But|Near|On|Der|Die|Das|Im|Am|In|Le|La|Les|Au|Aux|En|El|Los|Las|Del|Al)\s$/;

/** The forms as one alternation grouped by their first character, so a start tries one group, not all. */
function alternation(forms: string[]): string {
  const groups = new Map<string, string[]>();
  for (const form of forms) groups.set(form[0]!, [...(groups.get(form[0]!) ?? []), form.slice(1)]);
  return [...groups].map(([first, rests]) =>
    `${escape(first)}(?:${rests.sort((a, b) => b.length - a.length).map(escape).join('|')})`).join('|');
}

/** A matcher for one language's table: every written form at once, each read by its context. */
export function contextAbbreviations(table: Record<string, ContextAbbreviation>): (text: string) => string {
  const written = alternation(Object.keys(table));
  if (!written) return (text) => text;
  const pattern = new RegExp(`(?<![\\p{L}\\d.])(${written})(?![\\p{L}\\d])`, 'gu');
  // When every form without a full stop reads only after a number, or holds a slash or two capitals
  // ("q/q", "YoY", "EPS"), a text with none of these has nothing to read.
  const guarded = Object.entries(table).every(([form, entry]) =>
    form.includes('.') || /\/|[A-Z][a-z]?[A-Z]/.test(form) ||
    (entry.afterNumber && !entry.beforeName && !entry.afterName && !entry.always && !entry.betweenNumberAndName));
  return (text) =>
    guarded && !/[.\d/]|[A-Z][a-z]?[A-Z]/.test(text) ? text : text.replace(pattern, (all: string, form: string, offset: number, whole: string) => {
      const entry = table[form]!;
      const before = whole.slice(Math.max(0, offset - 24), offset);
      const after = whole.slice(offset + all.length, offset + all.length + 3);
      // a word of its own: after a space, a bracket or a quote, not "Mo-Fr."
      const nameAfter = NAME_AFTER.test(after) && /(?:^|[\s(„"“«])$/.test(before);
      const numberBefore = NUMBER_BEFORE.test(before);
      const nameBefore = NAME_BEFORE.test(before) && !NOT_NAMES.test(before);
      if (entry.betweenNumberAndName && /\d\s$/.test(before) && nameAfter) return entry.betweenNumberAndName;
      if (entry.afterNumber && numberBefore) {
        const amount = /(\d+(?:[.,]\d+)?)\s?$/.exec(before)?.[1] ?? '';
        return entry.afterNumber[/^1(?:[.,]0+)?$/.test(amount) ? 0 : 1];
      }
      if (entry.beforeName && nameAfter && (entry.nameAfterWins || !nameBefore)) return entry.beforeName;
      if (entry.afterName && nameBefore) return entry.afterName;
      if (entry.beforeName && nameAfter) return entry.beforeName;
      return entry.always ?? all;
    });
}
