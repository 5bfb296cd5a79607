/**
 * An episode of several sources. Their articles are stored one after the other in the podcast's
 * text; each part names its lines. Read mode (and the template with no AI) reads them in turn, each
 * opened by a spoken line ("Next, from the Guardian: …") that starts its chapter, each in its own
 * language; the AI modes are given every source at once, each under a heading line, within what the
 * requests of the minutes asked can carry.
 */
import { episodeFrame } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { templateParagraphs } from './template-paragraphs.ts';
import { readScript, guessKinds } from './read-script.ts';
import { countWords } from './script-format.ts';
import { LINE_KIND, type ScriptPlan, type ScriptSentence, type SourcePart } from './types.ts';

/** "First, from" and "Next, from" in the languages the intro is written in; English elsewhere. */
const INTRO: Readonly<Record<string, { first: string; next: string }>> = {
  en: { first: 'First, from', next: 'Next, from' },
  de: { first: 'Zuerst, von', next: 'Als Nächstes, von' },
  fr: { first: "D'abord, de", next: 'Ensuite, de' },
  es: { first: 'Primero, de', next: 'A continuación, de' },
};

/** Where a source comes from, as said aloud: its site's name, else its host without "www.", else nothing. */
export function sourceOrigin(part: Pick<SourcePart, 'site' | 'url'>): string | null {
  if (part.site?.trim()) return part.site.trim();
  if (!part.url) return null;
  try {
    return new URL(part.url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The spoken line that opens a source: "Next, from the Guardian: Title." */
export function sourceIntro(part: SourcePart, index: number): string {
  const words = INTRO[part.language.slice(0, 2).toLowerCase()] ?? INTRO.en!;
  const origin = sourceOrigin(part);
  const title = part.title.replace(/\s+/g, ' ').trim().replace(/[.:;,]+$/, '');
  const lead = index === 0 ? words.first : words.next;
  if (origin && title) return `${lead} ${origin}: ${title}.`;
  const said = origin ?? title ?? '';
  return said ? `${lead} ${said}.` : `${lead.replace(/,?\s+\S+$/, '')}.`;
}

/** A source's chapter title: its own title, else where it is from. */
export function sourceChapter(part: SourcePart, index: number): string {
  return part.title.trim() || sourceOrigin(part) || `Source ${index + 1}`;
}

/** A part's lines of the stored text, and their kinds. */
function partOf(text: string, kinds: string | null, part: SourcePart): { text: string; lines: string } {
  const all = text.split('\n');
  const lines = all.slice(part.firstLine, part.firstLine + part.lineCount);
  const known = kinds && kinds.length === all.length ? kinds.slice(part.firstLine, part.firstLine + part.lineCount) : guessKinds(lines);
  return { text: lines.join('\n'), lines: known };
}

/**
 * Read mode over several sources: each source's introduction (its chapter), then its article read
 * as read mode reads one (its headings read but not chapters of their own), in its own language.
 * Each sentence keeps the line of the stored text it came from.
 */
export function readSourcesScript(source: { text: string; lines: string | null; parts: readonly SourcePart[] }): ScriptSentence[] {
  const out: ScriptSentence[] = [];
  let paragraph = 0;
  source.parts.forEach((part, index) => {
    const { text, lines } = partOf(source.text, source.lines, part);
    const intro = splitSentences(sourceIntro(part, index));
    intro.forEach((sentence, i) =>
      out.push({ text: sentence, paragraph, language: part.language, ...(i === 0 ? { chapter: sourceChapter(part, index) } : {}) }),
    );
    paragraph += 1;
    const read = readScript({ title: '', text, lines, byline: part.author, language: part.language });
    const base = paragraph;
    for (const sentence of read) {
      const { chapter: _heading, ...rest } = sentence;
      out.push({
        ...rest,
        paragraph: base + sentence.paragraph,
        language: part.language,
        ...(sentence.sourceParagraph !== undefined ? { sourceParagraph: part.firstLine + sentence.sourceParagraph } : {}),
      });
    }
    paragraph = base + (read.at(-1)?.paragraph ?? -1) + 1;
  });
  return out;
}

/**
 * With no AI in the modes that take a length: what read mode does, within the words asked. The
 * frame's welcome, then each source's introduction and its first paragraphs at its share of the words
 * (in proportion to its length), then the thanks.
 */
export function templateSourcesScript(source: { text: string; parts: readonly SourcePart[] }, plan: ScriptPlan): ScriptSentence[] {
  const frame = episodeFrame(plan.language);
  const out: ScriptSentence[] = [];
  let paragraph = 0;
  const say = (line: string, extra: Partial<ScriptSentence> = {}) => {
    const { chapter, ...rest } = extra;
    splitSentences(line).forEach((text, i) => out.push({ text, paragraph, ...rest, ...(i === 0 && chapter ? { chapter } : {}) }));
    paragraph += 1;
  };
  const texts = source.parts.map((part) => partOf(source.text, null, part).text);
  const intros = source.parts.map((part, i) => sourceIntro(part, i));
  const frameWords = frame ? countWords(frame.welcome) + countWords(frame.thanks) : 0;
  const room = Math.max(source.parts.length, (plan.targetWords ?? Number.MAX_SAFE_INTEGER) - frameWords - countWords(intros.join(' ')));
  const shares = shareByWords(room, texts.map(countWords));
  if (frame) say(frame.welcome);
  source.parts.forEach((part, i) => {
    const extra = { language: part.language };
    say(intros[i]!, { ...extra, chapter: sourceChapter(part, i) });
    for (const line of templateParagraphs(texts[i]!, { mode: 'podcast', targetWords: shares[i]! })) say(line, extra);
  });
  if (frame) say(frame.thanks);
  return out;
}

/** `total` words shared in proportion to each source's words; every source gets some. */
function shareByWords(total: number, words: readonly number[]): number[] {
  const sum = words.reduce((a, b) => a + b, 0) || 1;
  return words.map((w) => Math.max(1, Math.floor((total * w) / sum)));
}

/**
 * The sources as the AI modes' writer reads them: each under a heading line naming it ("Source 2 of
 * 3: Title, from the Guardian, by Ann Lee"), each cut at a sentence end to its share of `maxChars`
 * (a short source leaves its room to the others), so every source reaches the model.
 */
export function sourcesForModel(text: string, parts: readonly SourcePart[], maxChars: number): { text: string; lines: string } {
  const bodies = parts.map((part) => partOf(text, null, part).text.split('\n').filter((l) => l.trim()).join('\n'));
  const caps = fairShares(maxChars, bodies.map((b) => b.length));
  const out: string[] = [];
  const kinds: string[] = [];
  parts.forEach((part, i) => {
    const origin = sourceOrigin(part);
    const heading = [`Source ${i + 1} of ${parts.length}: ${part.title || origin || 'untitled'}`, origin && part.title ? `from ${origin}` : '', part.author ? `by ${part.author}` : '']
      .filter(Boolean)
      .join(', ');
    out.push(heading);
    kinds.push(LINE_KIND.heading);
    for (const line of cutAt(bodies[i]!, caps[i]!).split('\n')) {
      out.push(line);
      kinds.push(LINE_KIND.text);
    }
  });
  return { text: out.join('\n'), lines: kinds.join('') };
}

/** The heading line each source starts under in the text the model reads. */
export const SOURCE_HEADING = /^Source \d+ of \d+: /;

/** Shares of `total` for sizes: each gets what it needs up to an even share; what the small leave goes to the rest. */
export function fairShares(total: number, sizes: readonly number[]): number[] {
  const shares = sizes.map(() => 0);
  let left = total;
  let open = sizes.map((_, i) => i);
  while (open.length && left > 0) {
    const even = Math.floor(left / open.length);
    if (even === 0) break;
    const next: number[] = [];
    for (const i of open) {
      const give = Math.min(even, sizes[i]! - shares[i]!);
      shares[i]! += give;
      left -= give;
      if (shares[i]! < sizes[i]!) next.push(i);
    }
    if (next.length === open.length) break;
    open = next;
  }
  return shares;
}

/** Text cut to `max` characters at the last sentence end within it (a first sentence longer than that is cut). */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const lines: string[] = [];
  let used = 0;
  for (const line of text.split('\n')) {
    if (used + line.length + 1 <= max) {
      lines.push(line);
      used += line.length + 1;
      continue;
    }
    let piece = '';
    for (const sentence of splitSentences(line)) {
      if (used + piece.length + sentence.length + 1 > max) break;
      piece = piece ? `${piece} ${sentence}` : sentence;
    }
    if (piece) lines.push(piece);
    else if (!lines.length) lines.push(line.slice(0, Math.max(0, max)));
    break;
  }
  return lines.join('\n');
}
