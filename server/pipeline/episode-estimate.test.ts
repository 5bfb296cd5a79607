import { describe, expect, it } from 'vitest';
import { ESTIMATE_STEP, expectedScriptChars, rawEstimateMs, settledEstimateMs, speechProgress } from './episode-estimate.ts';

const min = (m: number, s: number) => (m * 60 + s) * 1000;

describe('the estimate while an episode is made', () => {
  it('only settles: the raw figures of the first hour (11:45, 17:11, 15:10, 12:59, 11:42) move it at most 15% a step', () => {
    const raws = [min(11, 45), min(17, 11), min(15, 10), min(12, 59), min(11, 42), min(11, 35), min(11, 31)];
    let shown: number | null = null;
    const seen: number[] = [];
    raws.forEach((raw, i) => {
      const next = settledEstimateMs(shown, raw, (i + 1) * 20_000);
      if (shown !== null) expect(Math.abs(next - shown) / shown).toBeLessThanOrEqual(ESTIMATE_STEP + 1e-9);
      shown = next;
      seen.push(next);
    });
    expect(seen[0]).toBe(min(11, 45));
    // Within 15% of the final length (11:30) before the last segment, so the end does not jump either.
    expect(Math.abs(seen.at(-1)! - min(11, 30)) / min(11, 30)).toBeLessThan(ESTIMATE_STEP);
  });

  it('is never below what is made', () => {
    expect(settledEstimateMs(60_000, 10_000, 90_000)).toBe(90_000);
    expect(settledEstimateMs(null, 5_000, 8_000)).toBe(8_000);
  });

  it('counts what is left at the rate spoken so far, the article standing for a read-mode script not yet known', () => {
    expect(rawEstimateMs(10_000, 1_000, 4_000)).toBe(40_000);
    expect(expectedScriptChars('read', 12_345)).toBe(12_345);
    expect(expectedScriptChars('podcast', 12_345)).toBe(5_400);
  });
});

describe('progress while speaking', () => {
  it('is the share of the episode made: 2 s of about 11:30 is not 20%', () => {
    expect(speechProgress(2_000, min(11, 30), 5)).toBe(5);
    expect(speechProgress(min(5, 45), min(11, 30), 5)).toBe(49);
    expect(speechProgress(min(11, 30), min(11, 30), 5)).toBe(99);
  });

  it('never goes back when the estimate grows', () => {
    expect(speechProgress(60_000, 600_000, 30)).toBe(30);
  });
});
