/**
 * Where an answer's source is in the episode, for its link into the read-along: the first sentence
 * read from its paragraph (read mode's cues name their `sourceParagraph`), else the sentence that
 * shares the most words with the passage (a retelling names no paragraph). Seconds; null when no
 * sentence is near it (nothing made yet, or nothing in common).
 */
import type { Cue } from '../api/transcript.ts';

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

export function sourceStartSeconds(cues: readonly Cue[], source: { paragraph: number; text: string }): number | null {
  const read = cues.find((cue) => cue.sourceParagraph === source.paragraph);
  if (read) return read.startMs / 1000;
  if (cues.some((cue) => cue.sourceParagraph !== undefined)) return null;
  const passage = words(source.text);
  let best: { cue: Cue; shared: number } | null = null;
  for (const cue of cues) {
    let shared = 0;
    for (const word of words(cue.text)) if (passage.has(word)) shared++;
    if (shared > 0 && (!best || shared > best.shared)) best = { cue, shared };
  }
  return best ? best.cue.startMs / 1000 : null;
}
