/** Where an episode is now, from the last report: reports come once a second, the clock moves on. */
import type { Playback } from './storage.ts';

export function currentPosition(playback: Playback, now = Date.now()): number {
  if (playback.status !== 'playing') return playback.position;
  const moved = playback.position + (now - playback.updatedAt) / 1000;
  return playback.duration === null ? moved : Math.min(moved, playback.duration);
}
