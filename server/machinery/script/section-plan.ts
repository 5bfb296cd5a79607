/**
 * Planning a long-form script: the article cut into parts and sections, how many sections the
 * minutes and the requests allow, the outline's answer read back, and each section's share of the
 * words asked.
 */
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { MAX_ANSWER_WORDS, SECTION_INPUT_CHARS } from './mode-prompts.ts';
import { countWords } from './script-format.ts';
import { tidyLine } from './sentence-cutter.ts';

export interface Section {
  /** The section's heading in the article, if it starts with one. */
  heading: string | null;
  paragraphs: string[];
  words: number;
}

/** A section is worth its own request only when it has room to say something. */
export const MIN_SECTION_WORDS = 150;
/** Parts of the article the outline request groups, at most (its prompt lists how each begins). */
const MAX_PARTS = 40;

/**
 * The article's paragraphs in sections of at most `maxChars` each: a heading starts a new section
 * when the current one has some text, and a paragraph longer than a section is cut between sentences.
 */
export function cutSections(paragraphs: readonly string[], headings: ReadonlySet<number>, maxChars = SECTION_INPUT_CHARS): Section[] {
  const sections: Section[] = [];
  let current: Section | null = null;
  let chars = 0;
  const start = (heading: string | null) => {
    current = { heading, paragraphs: [], words: 0 };
    sections.push(current);
    chars = 0;
  };
  const add = (text: string) => {
    if (!current || (chars > 0 && chars + text.length + 1 > maxChars)) start(null);
    current!.paragraphs.push(text);
    current!.words += countWords(text);
    chars += text.length + 1;
  };
  paragraphs.forEach((paragraph, i) => {
    if (headings.has(i)) {
      if (!current || chars > maxChars / 4) start(paragraph);
      else current.heading ??= paragraph;
      add(paragraph);
      return;
    }
    if (paragraph.length <= maxChars) return add(paragraph);
    let piece = '';
    for (const sentence of splitSentences(paragraph)) {
      if (piece && piece.length + sentence.length + 1 > maxChars) {
        add(piece);
        piece = '';
      }
      piece = piece ? `${piece} ${sentence}` : sentence.slice(0, maxChars);
    }
    if (piece) add(piece);
  });
  return sections;
}

/** Shares of `total` in proportion to `weights`, whole numbers that add up to it. */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % shares.length, rest--) shares[i]! += 1;
  return shares;
}

/** How many sections a script is written in: enough to carry the article and the length, never below MIN_SECTION_WORDS each, within the requests. */
export function sectionCount(articleChars: number, targetWords: number, maxRequests: number): number {
  const byLength = Math.max(1, Math.floor(targetWords / MIN_SECTION_WORDS));
  // One request is the outline's whenever there are two sections or more.
  const byRequests = Math.max(1, maxRequests - 1);
  const wanted = Math.max(Math.ceil(targetWords / MAX_ANSWER_WORDS), Math.ceil(articleChars / SECTION_INPUT_CHARS));
  return Math.max(1, Math.min(byLength, byRequests, wanted));
}

/** The article cut into parts small enough to group into `count` sections, and at most MAX_PARTS of them. */
export function cutParts(paragraphs: readonly string[], headings: ReadonlySet<number>, count: number): Section[] {
  const chars = paragraphs.reduce((n, p) => n + p.length + 1, 0);
  let size = Math.min(SECTION_INPUT_CHARS, Math.max(400, Math.ceil(chars / (count * 3))));
  let parts = cutSections(paragraphs, headings, size);
  while (parts.length > MAX_PARTS && size < chars) {
    size *= 2;
    parts = cutSections(paragraphs, headings, size);
  }
  return parts;
}

/** Consecutive parts in `count` groups of about the same words: where each group starts. */
export function evenStarts(parts: readonly Section[], count: number): number[] {
  const total = parts.reduce((n, p) => n + p.words, 0);
  const starts = [0];
  let seen = 0;
  parts.forEach((part, i) => {
    if (i > 0 && starts.length < count && seen >= (total * starts.length) / count && parts.length - i >= count - starts.length) starts.push(i);
    seen += part.words;
  });
  for (let i = starts.length; i < count; i++) starts.push(Math.min(parts.length - (count - i), starts.at(-1)! + 1));
  return starts;
}

/** The outline's answer read as `start: name` lines: where each section starts and its name, or null when it does not fit. */
export function readOutline(answer: string, count: number, parts: number): { starts: number[] | null; names: string[] } | null {
  const lines = answer
    .split('\n')
    .map((l) => tidyLine(l).replace(/^(?:section|part)\s+(?=\d)/i, '').trim())
    .filter(Boolean);
  if (lines.length !== count) return null;
  const read = lines.map((l) => /^(\d{1,3})\s*[:.)\-–—]\s*(.+)$/.exec(l));
  const names = lines.map((l, i) => firstWords((read[i]?.[2] ?? l).replace(/^["“]|["”]$/g, '').trim(), 8));
  const starts = read.every(Boolean) ? read.map((m) => Number(m![1]) - 1) : null;
  const valid = starts !== null && starts[0] === 0 && starts.every((s, i) => s < parts && (i === 0 || s > starts[i - 1]!));
  return { starts: valid ? starts : null, names };
}

/** Shares of `total` in proportion to `weights`, none below `least` while the total allows it. */
export function sectionBudgets(total: number, weights: readonly number[], least = MIN_SECTION_WORDS): number[] {
  const floor = Math.min(least, Math.floor(total / weights.length));
  let shares = shareOut(total, weights.map((w) => Math.max(1, w)));
  for (let pass = 0; pass < 3 && shares.some((s) => s < floor); pass++) {
    const raised = shares.map((s) => Math.max(s, floor));
    const over = raised.reduce((a, b) => a + b, 0) - total;
    const room = raised.map((s) => Math.max(0, s - floor));
    const cut = shareOut(over, room.some((r) => r > 0) ? room : raised);
    shares = raised.map((s, i) => s - cut[i]!);
  }
  return shares;
}

export function firstWords(text: string, n: number): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  return words.length <= n ? words.join(' ') : `${words.slice(0, n).join(' ')}…`;
}
