/** Where an episode is now, from the last report: reports come once a second, the clock moves on. */
import type { Playback } from './storage.ts';

export function currentPosition(playback: Playback, now = Date.now()): number {
  if (playback.status !== 'playing') return playback.position;
  const moved = playback.position + (now - playback.updatedAt) / 1000;
  return playback.duration === null ? moved : Math.min(moved, playback.duration);
}

/** 75 → '1:15'; 3725 → '1:02:05' (spec: elapsed and total time as m:ss). */
export function formatTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
