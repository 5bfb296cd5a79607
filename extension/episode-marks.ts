/**
 * Places in an episode the extension's player moves between: the cue being spoken at a time, the
 * chapter around it and the chapters on either side, and the first cue of a source paragraph.
 * Times are in seconds here, as the player counts; the transcript's are in milliseconds.
 */
import type { Chapter, Cue } from '../shared/api/transcript.ts';

/** Going to the previous chapter within this many seconds of a chapter's start skips over it. */
export const CHAPTER_RESTART_SECONDS = 3;

/** The cue spoken at `seconds`: the last one started by then (null before the first). */
export function cueAt(cues: readonly Cue[], seconds: number): Cue | null {
  const ms = seconds * 1000;
  let found: Cue | null = null;
  for (const cue of cues) {
    if (cue.startMs > ms) break;
    found = cue;
  }
  return found;
}

/** The index of the chapter playing at `seconds` (-1 before the first or when there are none). */
export function chapterIndexAt(chapters: readonly Chapter[], seconds: number): number {
  const ms = seconds * 1000;
  let found = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.startMs <= ms) found = index;
  });
  return found;
}

/** Where "previous chapter" goes: this chapter's start, or the one before when just past it. */
export function previousChapterStart(chapters: readonly Chapter[], seconds: number): number | null {
  const index = chapterIndexAt(chapters, seconds);
  if (index < 0) return null;
  const start = chapters[index]!.startMs / 1000;
  if (seconds - start > CHAPTER_RESTART_SECONDS || index === 0) return start;
  return chapters[index - 1]!.startMs / 1000;
}

/** Where "next chapter" goes; null in the last one. */
export function nextChapterStart(chapters: readonly Chapter[], seconds: number): number | null {
  const next = chapters[chapterIndexAt(chapters, seconds) + 1];
  return next ? next.startMs / 1000 : null;
}

/** Where paragraph `paragraph` of the source starts being read; null when no cue reads it (yet). */
export function paragraphStart(cues: readonly Cue[], paragraph: number): number | null {
  const cue = cues.find((c) => c.sourceParagraph === paragraph);
  return cue ? cue.startMs / 1000 : null;
}
