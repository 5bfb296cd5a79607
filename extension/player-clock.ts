/**
 * The player's clock: where an episode is now, from the player's last report. Reports come about once
 * a second; between them the clock moves on while playing.
 */
import type { Playback } from './storage.ts';

/** The position now: the last report's, advanced by the time since while playing, never past the end. */
export function currentPosition(playback: Playback, now = Date.now()): number {
  if (playback.status !== 'playing') return playback.position;
  const moved = playback.position + (now - playback.updatedAt) / 1000;
  return playback.duration === null ? moved : Math.min(moved, playback.duration);
}
