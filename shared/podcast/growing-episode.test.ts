import { describe, expect, it } from 'vitest';
import { clampToMade, estimatedLength, growingPositionText, madeSoFarLabel } from './growing-episode.ts';

describe('a growing episode', () => {
  it.each([
    ['within the made part', 65, 130, 65],
    ['past the made part: its end', 300, 130, 130],
    ['before the start: the start', -10, 130, 0],
    ['not a number: the start', Number.NaN, 130, 0],
    ['nothing made yet: the start', 20, 0, 0],
  ])('a seek %s', (_name, asked, made, expected) => {
    expect(clampToMade(asked, made)).toBe(expected);
  });

  it.each([
    [{ madeSeconds: 130, estimatedSeconds: 580 }, '2:10 made of about 9:40'],
    [{ madeSeconds: 130, estimatedSeconds: null }, '2:10 made so far'],
    // An estimate below what exists already is not shown as such.
    [{ madeSeconds: 130, estimatedSeconds: 100 }, '2:10 made of about 2:10'],
  ])('says what is made: %o', (episode, expected) => {
    expect(madeSoFarLabel(episode)).toBe(expected);
  });

  it('gives the seek slider a value to announce', () => {
    expect(growingPositionText(65, { madeSeconds: 130, estimatedSeconds: 580 })).toBe('1:05 of about 9:40, 2:10 made so far');
    expect(growingPositionText(65, { madeSeconds: 130, estimatedSeconds: null })).toBe('1:05, 2:10 made so far');
  });

  it('never estimates less than what is made', () => {
    expect(estimatedLength({ madeSeconds: 130, estimatedSeconds: 580 })).toBe(580);
    expect(estimatedLength({ madeSeconds: 130, estimatedSeconds: 90 })).toBe(130);
    expect(estimatedLength({ madeSeconds: 130, estimatedSeconds: null })).toBe(130);
  });
});
