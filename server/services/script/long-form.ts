/**
 * The AI modes' writing, the same with any model. The minutes asked decide how many sections there
 * are (each with room for at least MIN_SECTION_WORDS, within the requests the plan allows); the
 * article is cut into parts and the outline request groups them into the sections and names them;
 * each section's script is then asked in order, with the end of what came before, at its share of
 * the word budget. A draft off its budget gets one follow-up while requests remain; one still too
 * long is cut at a sentence end, one too short goes on with the article's own sentences. The
 * episode's frame, not the model, says the one welcome and the one thanks.
 */
import { episodeFrame } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../speech/split-text.ts';
import { cleanDraft, inOtherLanguage } from './draft.ts';
import {
  languagePrompt,
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
  /** Requests the script may make, the outline and the follow-ups included. */
  maxRequests: number;
  /** Said after the welcome: why the episode is shorter than asked. */
  note?: string;
  /** Asks the model; answers its text and whether the token limit cut it. */
  complete(prompt: ChatPrompt, purpose: 'outline' | 'section' | 'resize' | 'language'): Promise<{ text: string; truncated: boolean }>;
  emit(sentence: ScriptSentence): void;
  /** The article without an AI at the plan's length, between the frame's lines: said when the model fails before any section. */
  withoutAi(): ScriptSentence[];
  signal?: AbortSignal;
}

export interface LongFormResult {
  words: number;
  sections: number;
  requests: number;
  followUps: number;
  /** What the script holds besides the model's words, for the podcast's record; empty when nothing. */
  notes: string[];
  /** The article was longer than the requests could carry: each paragraph was sent in part. */
  condensed: boolean;
  /** The model failed: before any section (the article was read instead) or partway (`cutShort`). */
  failure: { error: unknown; cutShort: boolean } | null;
}

/** A section is worth its own request only when it has room to say something. */
export const MIN_SECTION_WORDS = 150;
/** Parts of the article the outline request groups, at most (its prompt lists how each begins). */
const MAX_PARTS = 40;

/** How many sections a script is written in: enough to carry the article and the length, never below MIN_SECTION_WORDS each, within the requests. */
export function sectionCount(articleChars: number, targetWords: number, maxRequests: number): number {
  const byLength = Math.max(1, Math.floor(targetWords / MIN_SECTION_WORDS));
  // One request is the outline's whenever there are two sections or more.
  const byRequests = Math.max(1, maxRequests - 1);
  const wanted = Math.max(Math.ceil(targetWords / MAX_ANSWER_WORDS), Math.ceil(articleChars / SECTION_INPUT_CHARS));
  return Math.max(1, Math.min(byLength, byRequests, wanted));
}

/** The article cut into parts small enough to group into `count` sections, and at most MAX_PARTS of them. */
function cutParts(paragraphs: readonly string[], headings: ReadonlySet<number>, count: number): Section[] {
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

/** A section's text within `maxChars`: each paragraph keeps its first sentences, in proportion to its length. */
export function abridge(paragraphs: readonly string[], maxChars: number): { text: string; abridged: boolean } {
  const whole = paragraphs.join('\n');
  if (whole.length <= maxChars) return { text: whole, abridged: false };
  const ratio = (maxChars - paragraphs.length) / whole.length;
  const kept = paragraphs.map((paragraph) => {
    const room = Math.max(60, Math.floor(paragraph.length * ratio));
    let out = '';
    for (const sentence of splitSentences(paragraph)) {
      if (out && out.length + sentence.length + 1 > room) break;
      out = out ? `${out} ${sentence}` : sentence.slice(0, room);
    }
    return out;
  });
  return { text: kept.join('\n').slice(0, maxChars), abridged: true };
}

/**
 * Writes the script into `emit`: the frame's welcome, then section by section, then the frame's
 * thanks. A draft that refuses, or stays in another language, or falls short of its length after
 * the follow-up, is completed from the article's own sentences, and the result says so.
 */
export async function writeLongForm(input: LongFormInput): Promise<LongFormResult> {
  const { context } = input;
  const hosts = context.mode === 'conversation' ? context.hosts : undefined;
  const frame = episodeFrame(context.language);
  let requests = 0;
  const ask = async (prompt: ChatPrompt, purpose: Parameters<LongFormInput['complete']>[1]) => {
    requests += 1;
    return (await input.complete(prompt, purpose)).text;
  };

  let paragraph = 0;
  let written = '';
  let words = 0;
  const say = (sentences: ScriptSentence[], chapter?: string) => {
    if (sentences.length === 0) return;
    const base = paragraph;
    sentences.forEach((sentence, j) => {
      const out: ScriptSentence = { ...sentence, paragraph: base + sentence.paragraph };
      if (j === 0 && chapter) out.chapter = chapter;
      input.emit(out);
    });
    paragraph = base + sentences.at(-1)!.paragraph + 1;
    const text = sentences.map((s) => s.text).join(' ');
    written += ` ${text}`;
    words += countWords(text);
  };
  const line = (text: string, speaker?: string) => say(splitSentences(text).map((t) => ({ text: t, paragraph: 0, ...(speaker ? { speaker } : {}) })));

  // The welcome is said at once: the voice starts while the first section is written.
  if (frame) line(frame.welcome, hosts?.[0]);
  if (input.note) line(input.note, hosts?.[0]);
  // The frame's words are part of the length asked.
  const targetWords = Math.max(1, input.targetWords - words - (frame ? countWords(frame.thanks) : 0));

  const notes = new Set<string>();
  let followUps = 0;
  let fromArticle = 0;
  let sectionsSaid = 0;
  let failure: LongFormResult['failure'] = null;
  let count = 1;
  try {
    const articleChars = input.paragraphs.reduce((n, p) => n + p.length + 1, 0);
    count = sectionCount(articleChars, targetWords, input.maxRequests);
    const parts = cutParts(input.paragraphs, input.headings, count);
    const groups = Math.min(count, parts.length);
    let starts = evenStarts(parts, groups);
    let outline = starts.map((start, i) => parts[start]!.heading ?? `Part ${i + 1}`);
    if (groups > 1) {
      const openings = parts.map((s) => firstWords(s.heading ? `${s.heading}: ${s.paragraphs[1] ?? ''}` : s.paragraphs[0] ?? '', 24));
      const read = readOutline(await ask(outlinePrompt(context, input.title, openings, groups), 'outline'), groups, parts.length);
      if (read) {
        starts = read.starts ?? starts;
        outline = read.names;
      }
    }
    const sections = starts.map((start, i) => parts.slice(start, starts[i + 1] ?? parts.length).flatMap((p) => p.paragraphs));
    const budgets = sectionBudgets(targetWords, sections.map((s) => s.reduce((n, p) => n + countWords(p), 0)));

    let ignoresLength = false;
    for (let i = 0; i < sections.length; i++) {
      const budget = Math.max(20, budgets[i]!);
      const { text, abridged } = abridge(sections[i]!, SECTION_INPUT_CHARS);
      if (abridged) notes.add('condensed');
      const request: SectionRequest = {
        index: i,
        count: sections.length,
        title: input.title,
        outline,
        text,
        before: lastWords(written, 120),
        words: budget,
        framed: frame !== null,
      };
      // Follow-ups spend only what the sections still to come leave over.
      const spare = () => input.maxRequests - requests - (sections.length - i - 1);
      let draft = cleanDraft(await ask(sectionPrompt(context, request), 'section'), { frame: frame !== null, hosts });
      if (!draft.refused && (await inOtherLanguage(stripSpeakers(draft.text, hosts), context.language)) && spare() > 0) {
        followUps += 1;
        draft = cleanDraft(await ask(languagePrompt(context, request, draft.text), 'language'), { frame: frame !== null, hosts });
      }
      let sentences: ScriptSentence[] = [];
      if (draft.refused) notes.add('refused');
      else if (!draft.text) notes.add('empty');
      else if (await inOtherLanguage(stripSpeakers(draft.text, hosts), context.language)) notes.add('language');
      else {
        let draftWords = countWords(stripSpeakers(draft.text, hosts));
        if (!ignoresLength && Math.abs(draftWords - budget) > budget * LENGTH_TOLERANCE && spare() > 0) {
          followUps += 1;
          const resized = cleanDraft(await ask(resizePrompt(context, request, draft.text, draftWords), 'resize'), { frame: frame !== null, hosts });
          const resizedWords = countWords(stripSpeakers(resized.text, hosts));
          // The follow-up's answer stands when it comes closer to the budget.
          if (!resized.refused && resizedWords > 0 && Math.abs(resizedWords - budget) < Math.abs(draftWords - budget)) {
            draft = resized;
            draftWords = resizedWords;
          }
          // A model that misses the length again writes its own size: later sections ask no follow-up.
          if (Math.abs(draftWords - budget) > budget * LENGTH_TOLERANCE) ignoresLength = true;
        }
        sentences = keepWithin(parseScript(draft.text, hosts), Math.round(budget * (1 + LENGTH_TOLERANCE)));
      }
      // Short of its length: the section goes on with the article's own sentences, from about where the draft's share ends.
      const short = budget - spokenWords(sentences);
      if (short > budget * LENGTH_TOLERANCE) {
        const added = articleSentences(sections[i]!, short, sentences.length ? spokenWords(sentences) / budget : 0, hosts);
        fromArticle += spokenWords(added);
        if (added.length && !draft.refused && sentences.length) notes.add('short');
        sentences = [...sentences, ...added.map((s) => ({ ...s, paragraph: s.paragraph + (sentences.at(-1)?.paragraph ?? -1) + 1 }))];
      }
      say(sentences, sections.length > 1 ? outline[i] : undefined);
      if (sentences.length) sectionsSaid += 1;
    }
  } catch (error) {
    if (input.signal?.aborted) throw error;
    failure = { error, cutShort: sectionsSaid > 0 };
    // Nothing of the model's was said: the article at the plan's length stands in.
    if (sectionsSaid === 0) say(input.withoutAi());
  }
  if (frame) line(frame.thanks, hosts?.[1] ?? hosts?.[0]);
  return { words, sections: count, requests, followUps, notes: describeNotes(notes, fromArticle), condensed: notes.has('condensed'), failure };
}

const spokenWords = (sentences: readonly ScriptSentence[]) => sentences.reduce((n, s) => n + countWords(s.text), 0);

/** About `want` words of the section's own sentences, starting `from` (a share) of the way in; a conversation's hosts take a paragraph each. */
function articleSentences(paragraphs: readonly string[], want: number, from: number, hosts: readonly string[] | undefined): ScriptSentence[] {
  const all = paragraphs.flatMap((text, paragraph) => splitSentences(text).map((t) => ({ text: t, paragraph })));
  const total = all.reduce((n, s) => n + countWords(s.text), 0);
  let skip = Math.floor(total * Math.min(from, 1));
  let start = 0;
  while (start < all.length && skip > 0 && total - skip > want) skip -= countWords(all[start++]!.text);
  const out: ScriptSentence[] = [];
  let words = 0;
  for (const sentence of all.slice(start)) {
    if (words >= want) break;
    out.push(hosts ? { ...sentence, speaker: hosts[sentence.paragraph % 2]! } : sentence);
    words += countWords(sentence.text);
  }
  const first = out[0]?.paragraph ?? 0;
  return out.map((s) => ({ ...s, paragraph: s.paragraph - first }));
}

/** The podcast's record of what the frame did besides the model's writing. */
function describeNotes(notes: ReadonlySet<string>, fromArticle: number): string[] {
  const out: string[] = [];
  if (notes.has('refused')) out.push('The AI declined to write part of the script; the article was read there instead');
  if (notes.has('empty')) out.push('The AI answered part of the script with nothing to say; the article was read there instead');
  if (notes.has('language')) out.push("The AI wrote part of the script in another language than the article's; the article was read there instead");
  if (notes.has('short')) out.push(`The AI wrote less than the length asked; ${fromArticle} words were read from the article to make it up`);
  return out;
}

function stripSpeakers(text: string, hosts: readonly string[] | undefined): string {
  return hosts ? parseScript(text, hosts).map((s) => s.text).join(' ') : text;
}

/** The sentences up to `maxWords` words, cut at a sentence end. */
export function keepWithin(sentences: ScriptSentence[], maxWords: number): ScriptSentence[] {
  const kept: ScriptSentence[] = [];
  let room = maxWords;
  for (const sentence of sentences) {
    const n = countWords(sentence.text);
    if (n > room && kept.length > 0) break;
    kept.push(sentence);
    room -= n;
  }
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
