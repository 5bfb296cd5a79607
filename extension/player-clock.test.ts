import { describe, expect, it } from 'vitest';
import { currentPosition, playableEnd } from './player-clock.ts';
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

  it('while the episode is made, stops at the end of the part made', () => {
    const growing = playback({ kind: 'stream', duration: 20, growing: { madeSeconds: 24, estimatedSeconds: 580 } });
    expect(currentPosition(growing, 1_000_000 + 8_000)).toBeCloseTo(18);
    expect(currentPosition(growing, 1_000_000 + 60_000)).toBe(24);
    // The player may have loaded more than the last event said.
    expect(playableEnd({ duration: 30, growing: { madeSeconds: 24, estimatedSeconds: 580 } })).toBe(30);
    expect(playableEnd({ duration: 571, growing: null })).toBe(571);
  });
});
