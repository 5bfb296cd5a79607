/**
 * Resume where you stopped: when a saved listening position is worth offering ('Resume from m:ss'),
 * and where playback starts. Every client follows this one rule so the web app and the extension
 * offer the same place.
 */

/** A position below this is the start: there is nothing to resume. */
export const MIN_RESUME_SECONDS = 5;
/** A position within this of the end (or within the last 5 %, whichever is longer) is finished. */
export const END_MARGIN_SECONDS = 10;
/** The share of a long podcast's end that counts as finished. */
export const END_MARGIN_SHARE = 0.05;

/**
 * The position to resume from, or null when the saved position is missing, at the start or so near
 * the end that the podcast counts as heard. With no known duration, any position past the start
 * resumes.
 */
export function resumePoint(positionSeconds: number | null | undefined, durationSeconds: number | null | undefined): number | null {
  if (positionSeconds == null || !Number.isFinite(positionSeconds) || positionSeconds < MIN_RESUME_SECONDS) return null;
  if (durationSeconds != null && Number.isFinite(durationSeconds) && durationSeconds > 0) {
    const margin = Math.max(END_MARGIN_SECONDS, durationSeconds * END_MARGIN_SHARE);
    if (positionSeconds >= durationSeconds - margin) return null;
  }
  return positionSeconds;
}

/** Where playing a podcast starts: its resume point, else the beginning. */
export function startPosition(positionSeconds: number | null | undefined, durationSeconds: number | null | undefined): number {
  return resumePoint(positionSeconds, durationSeconds) ?? 0;
}
