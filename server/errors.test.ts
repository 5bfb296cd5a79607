import { describe, expect, it } from 'vitest';
import { rateLimited, tryAgainIn } from './errors.ts';

describe('tryAgainIn', () => {
  it.each([
    [0.2, 'Try again in 1 second.'],
    [1, 'Try again in 1 second.'],
    [45, 'Try again in 45 seconds.'],
    [60, 'Try again in 1 minute.'],
    [61, 'Try again in 2 minutes.'],
    [720, 'Try again in 12 minutes.'],
    [3600, 'Try again in 60 minutes.'],
    [3601, 'Try again in 1 hour and 1 minute.'],
    [7200, 'Try again in 2 hours.'],
    [81_000, 'Try again in 22 hours and 30 minutes.'],
  ])('words a wait of %s s, rounded up: %s', (seconds, words) => {
    expect(tryAgainIn(seconds)).toBe(words);
  });
});

describe('rateLimited', () => {
  it('answers 429 with Retry-After in whole seconds and the same wait after the message', () => {
    const error = rateLimited('Too many pages fetched in the last hour.', 719.4);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, headers: { 'Retry-After': '720' } });
    expect(error.message).toBe('Too many pages fetched in the last hour. Try again in 12 minutes.');
  });
});
