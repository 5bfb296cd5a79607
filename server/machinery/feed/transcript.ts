/**
 * A podcast's timed transcript from the cues its segments recorded: the cues in order, the chapters
 * they start, and the same as WebVTT, plain text, HTML and Podcasting 2.0 JSON chapters. Pure.
 */
import type { Chapter, Cue, Transcript } from '../../../shared/api/transcript.ts';
import { documentText, escapeMarkup as escapeHtml } from '../../lib/document-text.ts';

/** A cue as stored with a segment (see `audio_segments.cues`): the API's cue and its script paragraph. */
export type StoredCue = Cue & { paragraph: number };

export interface TranscriptInput {
  title: string;
  /** The stored cues, segment after segment. */
  cues: StoredCue[];
  /** How much audio there is: the whole episode, or what is made so far. */
  audioMs: number;
  complete: boolean;
}

const nonEmpty = (text: string | undefined) => (text && text.trim() ? text.trim() : undefined);

/** The transcript the API answers: cues in order of time, and the chapters they start. */
export function buildTranscript(input: TranscriptInput): Transcript & { paragraphs: number[] } {
  const stored = [...input.cues].sort((a, b) => a.index - b.index);
  const cues: Cue[] = [];
  const paragraphs: number[] = [];
  for (const c of stored) {
    if (cues.length && cues.at(-1)!.index === c.index) continue; // one cue per sentence
    const speaker = nonEmpty(c.speaker);
    const chapter = nonEmpty(c.chapter);
    cues.push({
      index: c.index,
      startMs: Math.max(0, Math.round(c.startMs)),
      endMs: Math.max(0, Math.round(c.endMs)),
      text: c.text,
      ...(speaker ? { speaker } : {}),
      ...(typeof c.sourceParagraph === 'number' ? { sourceParagraph: c.sourceParagraph } : {}),
      ...(chapter ? { chapter } : {}),
      ...(c.shown ? { shown: c.shown } : {}),
    });
    paragraphs.push(c.paragraph);
  }
  return { complete: input.complete, cues, chapters: chaptersOf(input.title, cues, input.audioMs), paragraphs };
}

/**
 * Chapters from the cues that start one; the title names the first chapter when the first cue
 * starts none. The first chapter starts at 0, each ends where the next starts, the last with the audio.
 */
export function chaptersOf(title: string, cues: Cue[], audioMs: number): Chapter[] {
  const starts: { title: string; startMs: number }[] = [];
  for (const cue of cues) {
    if (!cue.chapter) continue;
    const startMs = starts.length === 0 && cue === cues[0] ? 0 : cue.startMs;
    if (starts.length && startMs <= starts.at(-1)!.startMs) continue;
    starts.push({ title: cue.chapter, startMs });
  }
  if (starts.length === 0 || starts[0]!.startMs > 0) starts.unshift({ title: title.trim() || 'Podcast', startMs: 0 });
  const endOfAudio = Math.max(Math.round(audioMs), cues.at(-1)?.endMs ?? 0);
  return starts.map((chapter, i) => ({ ...chapter, endMs: i + 1 < starts.length ? starts[i + 1]!.startMs : Math.max(endOfAudio, chapter.startMs) }));
}

/** 3723004 → "01:02:03.004" (WebVTT's timestamp). */
export function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}.${pad(total % 1000, 3)}`;
}

// Cue text may not hold "-->", a blank line, markup or control characters: filtered, escaped, on one line.
const vttText = (text: string) =>
  documentText(text).replace(/\s+/g, ' ').trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The transcript as WebVTT: one cue per sentence, `<v Speaker>` when a speaker is named. */
export function renderVtt(transcript: Transcript): string {
  const blocks = transcript.cues.map((cue) => {
    const end = Math.max(cue.endMs, cue.startMs + 1);
    const voice = cue.speaker ? `<v ${vttText(cue.speaker)}>` : '';
    return `${cue.index + 1}\n${vttTime(cue.startMs)} --> ${vttTime(end)}\n${voice}${vttText(cue.text) || '…'}`;
  });
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}

interface Block {
  chapter?: string;
  speaker?: string;
  text: string;
  /** Shown after the text, not spoken (a code block, a long table). */
  shown?: string;
}

/** Sentences gathered into paragraphs (a new one at a paragraph, speaker or chapter change). */
function blocksOf(transcript: Transcript & { paragraphs?: number[] }): Block[] {
  const blocks: Block[] = [];
  let lastParagraph: number | undefined;
  let lastSpeaker: string | undefined;
  transcript.cues.forEach((cue, i) => {
    const paragraph = transcript.paragraphs?.[i] ?? cue.sourceParagraph;
    const current = blocks.at(-1);
    if (!current || current.shown || cue.chapter || paragraph !== lastParagraph || cue.speaker !== lastSpeaker) {
      blocks.push({ ...(cue.chapter ? { chapter: cue.chapter } : {}), ...(cue.speaker ? { speaker: cue.speaker } : {}), text: cue.text.trim() });
    } else {
      current.text = `${current.text} ${cue.text.trim()}`;
    }
    if (cue.shown) blocks.at(-1)!.shown = cue.shown;
    lastParagraph = paragraph;
    lastSpeaker = cue.speaker;
  });
  return blocks;
}

/** The transcript as plain text: the title, then paragraphs, chapter titles and speakers' names. */
export function renderText(title: string, transcript: Transcript & { paragraphs?: number[] }): string {
  const lines = [title.trim()];
  for (const block of blocksOf(transcript)) {
    if (block.chapter) lines.push('', `## ${block.chapter}`);
    lines.push('', block.speaker ? `${block.speaker}: ${block.text}` : block.text);
    if (block.shown) lines.push('', block.shown);
  }
  if (transcript.sources?.length) lines.push('', '## Sources', '', ...transcript.sources.map(sourceLine));
  return documentText(`${lines.join('\n')}\n`);
}

/** The transcript as a small HTML page (a podcast app's HTML transcript). */
export function renderHtml(title: string, transcript: Transcript & { paragraphs?: number[] }, language = 'en'): string {
  const body = blocksOf(transcript)
    .map((block) => {
      const heading = block.chapter ? `<h2>${escapeHtml(block.chapter)}</h2>\n` : '';
      const speaker = block.speaker ? `<cite>${escapeHtml(block.speaker)}</cite>: ` : '';
      const shown = block.shown ? `\n<pre>${escapeHtml(block.shown)}</pre>` : '';
      return `${heading}<p>${speaker}${escapeHtml(block.text)}</p>${shown}`;
    })
    .join('\n');
  const sources = transcript.sources?.length
    ? `\n<h2>Sources</h2>\n<ol>\n${transcript.sources
        .map((s) => `<li>${s.url ? `<a href="${escapeHtml(s.url)}">${escapeHtml(s.title || s.url)}</a>` : escapeHtml(s.title)}${s.author ? `, by ${escapeHtml(s.author)}` : ''}</li>`)
        .join('\n')}\n</ol>`
    : '';
  return `<!doctype html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body><h1>${escapeHtml(title)}</h1>\n${body}${sources}\n</body></html>\n`;
}

/** A source as one line of text: its title, author and address. */
export function sourceLine(source: { url: string | null; title: string; author: string | null }, index: number): string {
  return `${index + 1}. ${[source.title, source.author ? `by ${source.author}` : '', source.url ?? ''].filter(Boolean).join(', ')}`;
}

/** Podcasting 2.0 JSON chapters (`application/json+chapters`, version 1.2.0). */
export function renderChaptersJson(title: string, chapters: Chapter[]): string {
  return JSON.stringify({
    version: '1.2.0',
    title,
    chapters: chapters.map((c) => ({ startTime: c.startMs / 1000, endTime: c.endMs / 1000, title: c.title })),
  });
}
