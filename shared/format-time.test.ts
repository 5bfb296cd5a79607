import { describe, expect, it } from 'vitest';
import { formatDuration, formatTime } from './format-time.ts';

describe('formatTime', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.99, '0:59'],
    [60, '1:00'],
    [65.4, '1:05'],
    [600, '10:00'],
    [3725, '62:05'],
    [null, '0:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
    [-3, '0:00'],
  ])('%s seconds reads %s', (seconds, expected) => {
    expect(formatTime(seconds)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it('says a length to the nearest second, so the card and the player agree on 114.96 s', () => {
    expect(formatDuration(114.96)).toBe('1:55');
    expect(formatDuration(114.4)).toBe('1:54');
    expect(formatDuration(null)).toBe('0:00');
  });
});
