/**
 * Playback that survives a move within the app: a player that leaves the page while it plays (the
 * member opened another screen) leaves its place here, and the next player of the same podcast
 * within a few seconds (the same podcast's card on the new screen) plays on from there.
 */

/** How long a left place waits for the next screen's player. */
export const HANDOFF_MS = 10_000;

let left: { podcastId: string; seconds: number; at: number } | null = null;

/** The player of this podcast left the page while playing, at `seconds`. */
export function leavePlaying(podcastId: string, seconds: number, now = Date.now()): void {
  left = { podcastId, seconds, at: now };
}

/** Where to play on from, once, when this podcast was left playing a moment ago; else null. */
export function takePlaying(podcastId: string, now = Date.now()): number | null {
  if (!left || left.podcastId !== podcastId || now - left.at > HANDOFF_MS) return null;
  const { seconds } = left;
  left = null;
  return seconds;
}

/** Nothing is left playing (a test's page is gone for good). */
export function forgetPlaying(): void {
  left = null;
}
