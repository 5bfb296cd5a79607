/**
 * What no voice should read as written, in every language: HTML entities leaked into the text, emoji
 * and decorative symbols, markdown marks; and the tidying that ends every line as a sentence.
 */
import { linksToText } from '../prepare-script-text.ts';
import { speakAddresses } from '../speak-addresses.ts';

// Every pattern here runs on untrusted text of up to 200,000 characters and must not rescan the rest
// of it from each starting point: repetitions that can run on are bounded ({1,63}, {0,6}), and a
// delimiter's content cannot contain the delimiter.

// Pictographs, flags, skin tones, joiners and variation selectors: an engine reads these by name.
// One code point at a time (an alternation, not a class: a class of joiners and modifiers reads as
// if it matched whole sequences).
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
// Other symbols (arrows, bullets, boxes, check marks…) that are decoration when written.
// The degree sign and a note's flat and sharp are not: each language's rules read them.
const DECORATION = /(?![\u00B0\u266D\u266F])[\p{So}\u2190-\u21FF\u2022\u2023\u2043\u25A0-\u25FF\u00B7]/gu;

/** Links keep their text; addresses are read (speak-addresses.ts); emoji, decorative symbols and markdown marks go. */
export function removeUnspeakable(text: string, language: string): string {
  return speakAddresses(linksToText(text), language)
    .replace(EMOJI, '')
    .replace(DECORATION, ' ')
    .replace(/^[ \t]*(?:#{1,6}|>+|[-*+](?=\s))[ \t]*/gm, '')
    .replace(/(\*\*|\*|`+)(?=\S)([^*`\n]*?\S)\1/g, '$2')
    // __bold__ on its own: content that may hold underscores let an unclosed one scan the whole line
    .replace(/__(?=\S)([^_*`\n]*?\S)__/g, '$1')
    .replace(/[*`]/g, '');
}

const ENTITIES: Record<string, string> = {
  nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", shy: '',
  ndash: '–', mdash: '—', minus: '−', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«',
  raquo: '»', copy: '©', reg: '®', trade: '™', euro: '€', pound: '£', yen: '¥', cent: '¢', deg: '°', times: '×',
  middot: '·', bull: '•', frac12: '½', frac14: '¼', frac34: '¾',
};

/** HTML entities that leaked into the text ("&nbsp;", "&amp;", "&#8217;") become the characters they name. */
export function decodeEntities(text: string): string {
  return text.replace(/&amp;(?=#?\w{1,8};)/g, '&').replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z][a-z\d]{1,7}));/gi,
    (all, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name) return ENTITIES[name.toLowerCase()] ?? all;
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '';
    });
}

/** Collapses spaces, mends punctuation left behind, and ends every line as a sentence so headings pause. */
export function tidy(text: string): string {
  return text
    .replace(/[—―]/g, ', ')
    // a dash typed as two or three hyphens, spaced or between words ("exam -- held", "rose--sharply"); not "--verbose"
    .replace(/(?<=\S)[ \t]+-{2,3}(?=[ \t]|$)|(?<=\p{L})-{2,3}(?=\p{L})/gmu, ', ')
    // a spaced dash between words is a pause, not a range
    .replace(/(?<!\d)[ \t]+[–-][ \t]+(?!\d)/g, ', ')
    .replace(/…/g, '...')
    .replace(/[_|\\^<>{}]/g, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/\s+/g, ' ')
        .replace(/\s+([.,;:!?)\]])/g, '$1')
        .replace(/([([])\s+/g, '$1')
        .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
        .replace(/[,;:]+(?=[)\]])/g, '')
        .replace(/^[\s,;:.]+/, '')
        .replace(/[\s,;:]+$/, '')
        .trim(),
    )
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .map((line) => (/[.!?…"'”’“‘»«›)؟。！？]$/.test(line) ? line : `${line}.`))
    .join('\n');
}

