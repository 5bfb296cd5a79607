/**
 * A member's own pronunciations, applied to what the voice receives, never to what is shown: the
 * transcript and read-along keep the words as written. It is a step of its own around the reading
 * front end: each written form found (whole words, see pronunciation-matcher.ts) is swapped for a
 * stand-in word the front end leaves alone, the sentence is read, then each stand-in becomes the
 * member's spoken form exactly as they wrote it (the front end neither spells nor expands it). Should
 * the reading ever change a stand-in, the spoken forms are put in before reading instead.
 */
import { createMatcher, type MatchWork, type PronunciationMatcher } from './pronunciation-matcher.ts';

/** One entry of a member's list: `lang` (ISO 639-1) limits it to episodes in that language. */
export interface Pronunciation {
  written: string;
  spoken: string;
  lang?: string | null;
}

/** A sentence ready for reading: `text` with stand-ins, `spoken` with the spoken forms already in. */
export interface MarkedText {
  text: string;
  spoken: string;
  /** The read text with each stand-in replaced by its spoken form; null when a stand-in did not survive. */
  restore(read: string): string | null;
}

export interface Pronunciations {
  /** The sentence with the entries for `language` found in it, or null when none is. */
  mark(text: string, language: string | undefined, work?: MatchWork): MarkedText | null;
}

const STAND_IN = 'pcxq';
const STAND_IN_FOUND = /\b[Pp]cxq([a-z]+)\b/g;

/** Whether the written form has a capital letter, which makes its match case-sensitive. */
export const hasCapital = (written: string): boolean => /[\p{Lu}\p{Lt}]/u.test(written);

const baseOf = (language: string | undefined | null) => (language ?? '').trim().toLowerCase().split(/[-_]/)[0] || 'en';

/** 0 → "a", 25 → "z", 26 → "ba": letters only, so no reading rule sees a number. */
function letters(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

/**
 * Compiles a member's list once; each language's matcher is built on first use. An entry with a
 * `lang` applies only to that language and, for one written form, wins over an entry without.
 */
export function compilePronunciations(entries: readonly Pronunciation[]): Pronunciations {
  const byLanguage = new Map<string, { matcher: PronunciationMatcher; entries: Pronunciation[] } | null>();
  const forLanguage = (language: string) => {
    if (!byLanguage.has(language)) {
      // Entries of this language first, so they are preferred where both give the same written form.
      const own = entries.filter((e) => e.lang && baseOf(e.lang) === language);
      const list = [...own, ...entries.filter((e) => !e.lang)];
      byLanguage.set(
        language,
        list.length ? { matcher: createMatcher(list.map((e) => ({ written: e.written, caseSensitive: hasCapital(e.written) }))), entries: list } : null,
      );
    }
    return byLanguage.get(language)!;
  };
  return {
    mark(written, language, work) {
      const text = written.normalize('NFC');
      const compiled = entries.length ? forLanguage(baseOf(language)) : null;
      if (!compiled) return null;
      const matches = compiled.matcher.find(text, work);
      if (!matches.length) return null;
      const spokenForms = matches.map((m) => compiled.entries[m.entry]!.spoken);
      let marked = '';
      let spoken = '';
      let at = 0;
      matches.forEach((m, i) => {
        const before = text.slice(at, m.start);
        // A stand-in keeps the written form's first letter case, so the words around it read as before.
        const standIn = (/^\p{Lu}/u.test(text.slice(m.start)) ? 'P' : 'p') + STAND_IN.slice(1) + letters(i);
        marked += before + standIn;
        spoken += before + spokenForms[i];
        at = m.end;
      });
      marked += text.slice(at);
      spoken += text.slice(at);
      const clash = text.toLowerCase().includes(STAND_IN);
      return {
        text: clash ? spoken : marked,
        spoken,
        restore(read) {
          if (clash) return read;
          const seen = new Set<number>();
          let intact = true;
          const out = read.replace(STAND_IN_FOUND, (all, suffix: string) => {
            const index = [...suffix].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 97, 0);
            if (index >= spokenForms.length || seen.has(index)) intact = false;
            seen.add(index);
            return spokenForms[index] ?? all;
          });
          return intact && seen.size === spokenForms.length ? out : null;
        },
      };
    },
  };
}

/** No list: the voice reads the text by the front end's rules alone. */
export const NO_PRONUNCIATIONS: Pronunciations = { mark: () => null };
