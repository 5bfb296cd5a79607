/**
 * The player's clock: where an episode is now, from the player's last report. Reports come about once
 * a second; between them the clock moves on while playing, never past the end of what exists.
 */
import type { Playback } from './storage.ts';

/**
 * The end of what can play: the episode's end, or while it is made the end of the part made (the
 * server's figure, or the player's own when it has loaded more since); null when unknown.
 */
export function playableEnd(playback: Pick<Playback, 'duration' | 'growing'>): number | null {
  if (!playback.growing) return playback.duration;
  return Math.max(playback.growing.madeSeconds, playback.duration ?? 0);
}

/**
 * The position now: the last report's, advanced by the time since (at the player's speed) while
 * playing, never past the end.
 */
export function currentPosition(playback: Playback, now = Date.now()): number {
  if (playback.status !== 'playing') return playback.position;
  const moved = playback.position + ((now - playback.updatedAt) / 1000) * (playback.rate ?? 1);
  const end = playableEnd(playback);
  return end === null ? moved : Math.min(moved, end);
}
