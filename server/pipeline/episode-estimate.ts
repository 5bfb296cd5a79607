/**
 * The estimated length of an episode while it is made, and the progress it gives. Each stored segment
 * gives a raw figure (the audio made, plus the script still to speak at the rate spoken so far), which
 * is noisy early on and jumps when the streamed script's real length becomes known; the estimate a
 * listener sees only settles towards it: never below what is made, and once audio exists never more
 * than ESTIMATE_STEP from the one before. Progress is the share of that estimate made.
 */
import { SPOKEN_PROGRESS } from './progress.ts';

/** The most an estimate moves between two segments, as a fraction of the one before. */
export const ESTIMATE_STEP = 0.15;

/** The script's length taken until it is known: read mode reads the article, the AI modes the spec's longest script. */
export function expectedScriptChars(mode: string, articleChars: number): number {
  return mode === 'read' && articleChars > 0 ? articleChars : 900 * 6;
}

/** The raw estimate after a segment: made so far, plus the characters left at the rate spoken so far. */
export function rawEstimateMs(madeMs: number, spokenChars: number, totalChars: number): number {
  const left = Math.max(0, totalChars - spokenChars);
  return madeMs + (left * madeMs) / Math.max(1, spokenChars);
}

/** The estimate shown after a segment: the raw one, held within ESTIMATE_STEP of the one before and at least what is made. */
export function settledEstimateMs(previousMs: number | null, rawMs: number, madeMs: number): number {
  let estimate = rawMs;
  if (previousMs !== null && previousMs > 0) {
    estimate = Math.min(previousMs * (1 + ESTIMATE_STEP), Math.max(previousMs * (1 - ESTIMATE_STEP), rawMs));
  }
  return Math.round(Math.max(madeMs, estimate));
}

/** Progress while speaking: the share of the estimated episode made (up to 99), never going back. */
export function speechProgress(madeMs: number, estimatedMs: number, before: number): number {
  const share = estimatedMs > 0 ? Math.floor((SPOKEN_PROGRESS * madeMs) / estimatedMs) : 0;
  return Math.max(before, Math.min(SPOKEN_PROGRESS, share));
}
