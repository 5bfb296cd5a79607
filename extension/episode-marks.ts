/**
 * The cue being spoken at a time, and where a source paragraph starts being read: what read-along
 * asks of a transcript. The lookups are the shared player's (shared/podcast/read-along.ts); times are
 * in seconds, as the player counts.
 */
import type { Cue } from '../shared/api/transcript.ts';
import { currentCueIndex } from '../shared/podcast/read-along.ts';

/** The cue spoken at `seconds`: the last one started by then (null before the first). */
export function cueAt(cues: readonly Cue[], seconds: number): Cue | null {
  return cues[currentCueIndex(cues, seconds)] ?? null;
}

/** Where paragraph `paragraph` of the source starts being read; null when no cue reads it (yet). */
export function paragraphStart(cues: readonly Cue[], paragraph: number): number | null {
  const cue = cues.find((c) => c.sourceParagraph === paragraph);
  return cue ? cue.startMs / 1000 : null;
}
