import { describe, expect, it } from 'vitest';
import { estimatedSeconds } from './estimate.ts';

describe('the estimated length before Create', () => {
  it('read mode: the words at the voice rate; podcast and conversation: the minutes asked; brief: two minutes', () => {
    expect(estimatedSeconds('read', undefined, 1500, 150)).toBe(600);
    expect(estimatedSeconds('podcast', 12, 1500, 150)).toBe(720);
    expect(estimatedSeconds('conversation', undefined, 1500, 150)).toBe(600);
    expect(estimatedSeconds('brief', undefined, 9000, 150)).toBe(120);
  });
});
