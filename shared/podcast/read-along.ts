/**
 * Read along: which sentence (cue) and which chapter are at a moment of the audio, the chapters'
 * neighbours for previous/next, and the transcript as blocks (chapter headings, speaker turns).
 * Times are in seconds, as an <audio> element reports them; cues and chapters carry milliseconds.
 */
import type { Chapter, Cue } from '../api/transcript.ts';

/** The last item starting at or before `ms`, by binary search over items in start order; -1 before the first. */
function lastStartedAt<T extends { startMs: number }>(items: readonly T[], ms: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (items[mid]!.startMs <= ms) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * The index (in `cues`) of the sentence being spoken at `seconds`: the last one started. In the pause
 * after a sentence it stays on that sentence until the next starts; -1 before the first.
 */
export function currentCueIndex(cues: readonly Cue[], seconds: number): number {
  return lastStartedAt(cues, Math.round(seconds * 1000));
}

/** The index of the chapter playing at `seconds`, or -1 (none, or before the first). */
export function currentChapterIndex(chapters: readonly Chapter[], seconds: number): number {
  return lastStartedAt(chapters, Math.round(seconds * 1000));
}

/** Within this much of a chapter's start, "previous" goes to the chapter before rather than back to its start. */
export const CHAPTER_RESTART_SECONDS = 3;

/** Where "previous chapter" goes: this chapter's start, or the one before when just started; null when none. */
export function previousChapterStart(chapters: readonly Chapter[], seconds: number): number | null {
  const i = currentChapterIndex(chapters, seconds);
  if (i < 0) return chapters.length ? 0 : null;
  const start = chapters[i]!.startMs / 1000;
  if (seconds - start > CHAPTER_RESTART_SECONDS || i === 0) return start;
  return chapters[i - 1]!.startMs / 1000;
}

/** Where "next chapter" goes: the next chapter's start; null after the last. */
export function nextChapterStart(chapters: readonly Chapter[], seconds: number): number | null {
  const next = chapters[currentChapterIndex(chapters, seconds) + 1];
  return next ? next.startMs / 1000 : null;
}

/** A piece of the read-along transcript: a chapter heading, or a paragraph of sentences. */
export type TranscriptBlock =
  | { kind: 'chapter'; title: string; startMs: number }
  | { kind: 'turn'; speaker: string | null; paragraph: number | null; cues: { cue: Cue; position: number }[] };

/**
 * The cues as the transcript shows them: a heading where a chapter starts, then paragraphs
 * (`position` is the cue's index in `cues`). A paragraph is the sentences read from one paragraph of
 * the article (`sourceParagraph`, read mode) said by one speaker in a row; sentences that name no
 * source paragraph nor speaker (a host's own script) are grouped at most `perParagraph` to a paragraph.
 */
export function transcriptBlocks(cues: readonly Cue[], perParagraph = 5): TranscriptBlock[] {
  const blocks: TranscriptBlock[] = [];
  let turn: Extract<TranscriptBlock, { kind: 'turn' }> | null = null;
  cues.forEach((cue, position) => {
    if (cue.chapter) {
      blocks.push({ kind: 'chapter', title: cue.chapter, startMs: cue.startMs });
      turn = null;
    }
    const speaker = cue.speaker ?? null;
    const paragraph = cue.sourceParagraph ?? null;
    const unmarked = speaker === null && paragraph === null;
    if (!turn || turn.speaker !== speaker || turn.paragraph !== paragraph || (unmarked && turn.cues.length >= perParagraph)) {
      turn = { kind: 'turn', speaker, paragraph, cues: [] };
      blocks.push(turn);
    }
    turn.cues.push({ cue, position });
  });
  return blocks;
}
