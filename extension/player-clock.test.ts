import { describe, expect, it } from 'vitest';
import { currentPosition } from './player-clock.ts';
import type { Playback } from './storage.ts';

const playback = (change: Partial<Playback>): Playback => ({
  podcastId: 'p1',
  title: 'T',
  src: 'http://localhost:8787/a.mp3',
  status: 'playing',
  position: 10,
  duration: 60,
  error: null,
  updatedAt: 1_000_000,
  ...change,
});

describe('the player clock', () => {
  it('moves on between reports while playing, and stops at the end', () => {
    expect(currentPosition(playback({}), 1_002_500)).toBeCloseTo(12.5);
    expect(currentPosition(playback({}), 1_000_000 + 120_000)).toBe(60);
    expect(currentPosition(playback({ duration: null }), 1_003_000)).toBeCloseTo(13);
  });

  it('stands still when paused, loading or ended', () => {
    for (const status of ['paused', 'loading', 'ended', 'error'] as const) {
      expect(currentPosition(playback({ status }), 1_009_000)).toBe(10);
    }
  });
});
