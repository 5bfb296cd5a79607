import { describe, expect, it } from 'vitest';
import type { Cue } from '../api/transcript.ts';
import { sourceStartSeconds } from './answer-sources.ts';

const cue = (index: number, startMs: number, text: string, sourceParagraph?: number): Cue => ({
  index,
  startMs,
  endMs: startMs + 900,
  text,
  ...(sourceParagraph !== undefined ? { sourceParagraph } : {}),
});

describe('where an answer\'s source plays', () => {
  it('is the first sentence read from its paragraph in read mode', () => {
    const cues = [cue(0, 0, 'The harbour.', 0), cue(1, 1000, 'It opened in 1891.', 1), cue(2, 2500, 'Boats came.', 1)];
    expect(sourceStartSeconds(cues, { paragraph: 1, text: 'It opened in 1891. Boats came.' })).toBe(1);
    expect(sourceStartSeconds(cues, { paragraph: 7, text: 'It opened in 1891.' })).toBeNull();
  });

  it('is the sentence sharing the most words with the passage in a retelling', () => {
    const cues = [cue(0, 0, 'Welcome to the show.'), cue(1, 3000, 'The pier was designed by Margaret Ellison.'), cue(2, 6000, 'Thanks for listening.')];
    expect(sourceStartSeconds(cues, { paragraph: 2, text: 'Its stone pier was designed by the engineer Margaret Ellison.' })).toBe(3);
    expect(sourceStartSeconds(cues, { paragraph: 2, text: 'Nothing alike here.' })).toBeNull();
  });
});
