/**
 * The AI modes' writing: the article cut into sections that each fit one request, an outline of
 * them asked first when there are several, then each section's script in order with the end of
 * what came before, at its share of the word budget. A draft off its budget by more than the
 * tolerance gets one follow-up asking for the right length; one still too long is cut at a sentence
 * end. The sections join into one script with one welcome (the first) and one thanks (the last).
 */
import { FALLBACK_THANKS } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../speech/split-text.ts';
import {
  MAX_ANSWER_WORDS,
  outlinePrompt,
  resizePrompt,
  SECTION_INPUT_CHARS,
  sectionPrompt,
  type PromptContext,
  type SectionRequest,
} from './mode-prompts.ts';
import type { ChatPrompt } from './prompts.ts';
import { countWords, parseScript } from './script-format.ts';
import { tidyLine } from './sentence-cutter.ts';
import type { ScriptSentence } from './writer.ts';

/** A draft within this share of its budget stands; outside it, a follow-up asks for the length. */
export const LENGTH_TOLERANCE = 0.12;

export interface Section {
  /** The section's heading in the article, if it starts with one. */
  heading: string | null;
  paragraphs: string[];
  words: number;
}

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

export interface LongFormInput {
  title: string;
  paragraphs: readonly string[];
  /** Indexes of paragraphs that are headings. */
  headings: ReadonlySet<number>;
  targetWords: number;
  context: PromptContext;
  /** Asks the model; answers its text and whether the token limit cut it. */
  complete(prompt: ChatPrompt, purpose: 'outline' | 'section' | 'resize'): Promise<{ text: string; truncated: boolean }>;
  emit(sentence: ScriptSentence): void;
}

/** Writes the script section by section into `emit`; resolves with the words written. */
export async function writeLongForm(input: LongFormInput): Promise<{ words: number; sections: number; followUps: number }> {
  const { context, targetWords } = input;
  let sections = cutSections(input.paragraphs, input.headings);
  // A budget one answer cannot hold is written over more, smaller sections.
  const wanted = Math.ceil(targetWords / MAX_ANSWER_WORDS);
  if (sections.length < wanted) {
    const chars = input.paragraphs.reduce((n, p) => n + p.length + 1, 0);
    sections = cutSections(input.paragraphs, input.headings, Math.max(400, Math.ceil(chars / wanted)));
  }
  const budgets = shareOut(targetWords, sections.map((s) => Math.max(1, s.words)));
  const hosts = context.mode === 'conversation' ? context.hosts : undefined;

  let outline = sections.map((s, i) => s.heading ?? `Part ${i + 1}`);
  if (sections.length > 1) {
    const openings = sections.map((s) => firstWords(s.heading ? `${s.heading}: ${s.paragraphs[1] ?? ''}` : s.paragraphs[0] ?? '', 24));
    const answer = await input.complete(outlinePrompt(context, input.title, openings), 'outline');
    const names = answer.text
      .split('\n')
      .map((l) => tidyLine(l).replace(/^\d+[.)]\s*/, '').replace(/^["“]|["”]$/g, '').trim())
      .filter(Boolean);
    if (names.length === sections.length) outline = names.map((n) => firstWords(n, 8));
  }

  let paragraph = 0;
  let written = '';
  let words = 0;
  let followUps = 0;
  for (let i = 0; i < sections.length; i++) {
    const request: SectionRequest = {
      index: i,
      count: sections.length,
      title: input.title,
      outline,
      text: sections[i]!.paragraphs.join('\n'),
      before: lastWords(written, 120),
      words: Math.max(20, budgets[i]!),
    };
    let draft = (await input.complete(sectionPrompt(context, request), 'section')).text;
    const draftWords = countWords(stripSpeakers(draft, hosts));
    if (Math.abs(draftWords - request.words) > request.words * LENGTH_TOLERANCE) {
      followUps += 1;
      const resized = (await input.complete(resizePrompt(context, request, draft, draftWords), 'resize')).text;
      const resizedWords = countWords(stripSpeakers(resized, hosts));
      // The follow-up's answer stands when it comes closer to the budget.
      if (resizedWords > 0 && Math.abs(resizedWords - request.words) < Math.abs(draftWords - request.words)) draft = resized;
    }
    let sentences = parseScript(tidyScript(draft), hosts);
    sentences = keepWithin(sentences, Math.round(request.words * (1 + LENGTH_TOLERANCE)), i === sections.length - 1);
    if (sentences.length === 0) continue;
    const base = paragraph;
    sentences.forEach((sentence, j) => {
      const out: ScriptSentence = { ...sentence, paragraph: base + sentence.paragraph };
      if (j === 0 && sections.length > 1) out.chapter = outline[i]!;
      input.emit(out);
    });
    paragraph = base + sentences.at(-1)!.paragraph + 1;
    const text = sentences.map((s) => s.text).join(' ');
    written += ` ${text}`;
    words += countWords(text);
  }
  return { words, sections: sections.length, followUps };
}

/** The model's lines as the voice reads them: markdown marks gone, one paragraph a line. */
function tidyScript(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => tidyLine(line))
    .filter(Boolean)
    .join('\n');
}

function stripSpeakers(text: string, hosts: readonly string[] | undefined): string {
  return hosts ? parseScript(text, hosts).map((s) => s.text).join(' ') : text;
}

/**
 * The sentences up to `maxWords` words, cut at a sentence end; the last section keeps its closing
 * sentence (the thanks), the cut made before it.
 */
export function keepWithin(sentences: ScriptSentence[], maxWords: number, keepLast: boolean): ScriptSentence[] {
  const total = sentences.reduce((n, s) => n + countWords(s.text), 0);
  if (total <= maxWords) return sentences;
  const last = keepLast ? sentences.at(-1) : undefined;
  let room = maxWords - (last ? countWords(last.text) : 0);
  const kept: ScriptSentence[] = [];
  for (const sentence of last ? sentences.slice(0, -1) : sentences) {
    const n = countWords(sentence.text);
    if (n > room && kept.length > 0) break;
    kept.push(sentence);
    room -= n;
  }
  if (last) kept.push({ ...last, paragraph: (kept.at(-1)?.paragraph ?? -1) + 1 });
  return kept;
}

function firstWords(text: string, n: number): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  return words.length <= n ? words.join(' ') : `${words.slice(0, n).join(' ')}…`;
}

function lastWords(text: string, n: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.slice(-n).join(' ');
}

/** The closing line said when the AI stops partway. */
export const CUT_SHORT_CLOSING = FALLBACK_THANKS;
