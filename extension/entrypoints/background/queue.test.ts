import { describe, expect, it } from 'vitest';
import { estimatedSeconds } from './estimate.ts';
import { nextInQueue, placeInQueue } from './queue.ts';

describe('the queue', () => {
  it('"Play next" puts a podcast first, "Add to queue" last, never twice', () => {
    expect(placeInQueue(['a', 'b'], 'c', 'next')).toEqual(['c', 'a', 'b']);
    expect(placeInQueue(['a', 'b'], 'c', 'end')).toEqual(['a', 'b', 'c']);
    expect(placeInQueue(['a', 'b', 'c'], 'c', 'next')).toEqual(['c', 'a', 'b']);
    expect(placeInQueue(['a', 'b', 'c'], 'a', 'end')).toEqual(['b', 'c', 'a']);
  });

  it('after an episode ends, the next is the first unplayed podcast that still exists', () => {
    const podcasts = [
      { id: 'a', playedAt: null },
      { id: 'b', playedAt: '2026-11-25T10:00:00.000Z' },
      { id: 'c', playedAt: null },
    ];
    expect(nextInQueue(['a', 'gone', 'b', 'c'], podcasts, 'a')).toEqual({ next: 'c', queue: ['gone', 'b'] });
    expect(nextInQueue(['b'], podcasts, 'a')).toEqual({ next: null, queue: ['b'] });
  });
});

describe('the estimated length before Create', () => {
  it('read mode: the words at the voice rate; podcast and conversation: the minutes asked; brief: two minutes', () => {
    expect(estimatedSeconds('read', undefined, 1500, 150)).toBe(600);
    expect(estimatedSeconds('podcast', 12, 1500, 150)).toBe(720);
    expect(estimatedSeconds('conversation', undefined, 1500, 150)).toBe(600);
    expect(estimatedSeconds('brief', undefined, 9000, 150)).toBe(120);
  });
});
