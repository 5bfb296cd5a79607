/**
 * Titles. A page's own title is kept whole, as written (only a trailing " | Site" or " - Site" goes);
 * a title an AI writes gets the spec's cleanup (quotes and characters other than word characters,
 * whitespace and . , ! ? - removed). Either way a title is at most TITLE_MAX_CHARS long, cut at a
 * word boundary, whatever a page or a model hands over.
 */

/** The most words a title writer is asked for. */
export const TITLE_MAX_WORDS = 10;
/** The most characters a title keeps. */
export const TITLE_MAX_CHARS = 120;

// A separator between a page's title and its site's name: a pipe, a dash, a middle dot or a double colon.
const SITE_SEPARATOR = /\s+(\||-|–|—|·|•|::)\s+/g;
/** A dash-separated site name has at most this many words (longer, it is more likely part of the title). */
const SITE_NAME_MAX_WORDS = 4;

// The spec's filter: word characters, whitespace and . , ! ? - only.
const DISALLOWED_IN_TITLE = /[^\p{L}\p{N}_\s.,!?-]/gu;

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Collapses whitespace and trims. */
function tidy(text: string): string {
  // Control and bidi characters (U+202E reorders what follows) are no part of a title.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * At most maxChars characters, cut at the last word boundary that fits (never inside a word unless
 * the first word alone is longer), trailing separators and commas dropped.
 */
export function limitTitle(title: string, maxChars: number = TITLE_MAX_CHARS): string {
  const text = tidy(title);
  if (text.length <= maxChars) return text;
  const room = text.slice(0, maxChars + 1);
  const cut = room.lastIndexOf(' ');
  const kept = cut > 0 ? room.slice(0, cut) : [...text].slice(0, maxChars).join('');
  return kept.replace(/[\s,;:|·•–—-]+$/u, '');
}

/** Whether `suffix` names the site: its name, or for pipes and dots, any short trailing part. */
function isSiteName(suffix: string, separator: string, rest: string, siteName: string | null | undefined): boolean {
  const n = normalise(suffix);
  if (!n) return false;
  if (siteName) {
    const site = normalise(siteName);
    if (site && (n === site || n.startsWith(site) || site.startsWith(n))) return true;
  }
  if (/^(?:[\p{L}\p{N}-]+\.)+[a-z]{2,}$/iu.test(suffix.trim())) return true; // a domain: example.com
  const suffixWords = words(suffix).length;
  if (suffixWords > SITE_NAME_MAX_WORDS) return false;
  // A pipe or a dot almost always separates a site; a dash only before a short name after a much longer title.
  if (separator !== '-' && separator !== '–' && separator !== '—') return true;
  return suffixWords <= 3 && words(rest).length >= 2 * suffixWords && /^\p{Lu}|^\p{N}/u.test(suffix.trim());
}

/**
 * A page's own title, kept whole as written: whitespace collapsed, a trailing site name (" | Site",
 * " - Site", " — example.com") removed, and at most TITLE_MAX_CHARS long. Never cut to a number of words.
 */
export function pageTitle(raw: string, siteName?: string | null): string {
  const title = tidy(raw);
  const separators = [...title.matchAll(SITE_SEPARATOR)];
  const last = separators.at(-1);
  if (last) {
    const rest = title.slice(0, last.index).trim();
    const suffix = title.slice(last.index + last[0].length);
    if (rest && isSiteName(suffix, last[1]!, rest, siteName)) return limitTitle(rest);
  }
  // "Site | Title" (the site first) only when the site's name says so.
  const first = separators[0];
  if (first && siteName && normalise(title.slice(0, first.index)) === normalise(siteName)) {
    const rest = title.slice(first.index + first[0].length).trim();
    if (rest) return limitTitle(rest);
  }
  return limitTitle(title);
}

/**
 * The spec's cleanup of a written title: quotes and characters other than word characters,
 * whitespace and . , ! ? - are removed; then at most TITLE_MAX_CHARS long, cut at a word boundary.
 */
export function cleanTitle(raw: string): string {
  return limitTitle(
    raw
      .replace(/["'`\u2018\u2019\u201C\u201D\u00AB\u00BB]/g, '')
      .replace(DISALLOWED_IN_TITLE, ''),
  );
}
