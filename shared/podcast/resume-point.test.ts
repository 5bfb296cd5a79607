import { describe, expect, it } from 'vitest';
import { resumePoint, startPosition } from './resume-point.ts';

describe('resumePoint: when a saved position is offered', () => {
  it.each([
    ['nothing saved', null, 120, null],
    ['nothing saved (undefined)', undefined, 120, null],
    ['the very start', 3, 120, null],
    ['just before five seconds', 4.9, 120, null],
    ['at five seconds', 5, 120, 5],
    ['half way', 60, 120, 60],
    ['just before the last ten seconds', 109, 120, 109],
    ['in the last ten seconds', 111, 120, null],
    ['exactly ten seconds before the end', 110, 120, null],
    ['at the end', 120, 120, null],
    ['past the end', 130, 120, null],
    ['in the last 5 % of a long podcast', 1150, 1200, null],
    ['just before the last 5 % of a long podcast', 1139, 1200, 1139],
    ['a position with no known duration', 42, null, 42],
    ['a duration of zero counts as unknown', 42, 0, 42],
    ['a position that is not a number', Number.NaN, 120, null],
  ])('%s', (_, position, duration, expected) => {
    expect(resumePoint(position, duration)).toBe(expected);
  });
});

describe('startPosition: where playing starts', () => {
  it.each([
    ['from the saved position', 60, 120, 60],
    ['from the beginning when the saved one is the start', 2, 120, 0],
    ['from the beginning when the podcast was heard to the end', 118, 120, 0],
    ['from the beginning when nothing was saved', null, null, 0],
  ])('%s', (_, position, duration, expected) => {
    expect(startPosition(position, duration)).toBe(expected);
  });
});
