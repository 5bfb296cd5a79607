import { describe, expect, it } from 'vitest';
import type { Cue } from '../shared/api/transcript.ts';
import { cueAt, paragraphStart } from './episode-marks.ts';

const cues: Cue[] = [
  { index: 0, startMs: 0, endMs: 2500, text: 'A title.', sourceParagraph: 0 },
  { index: 1, startMs: 2500, endMs: 6000, text: 'First sentence.', sourceParagraph: 1 },
  { index: 2, startMs: 6000, endMs: 9000, text: 'Second sentence.', sourceParagraph: 1 },
  { index: 3, startMs: 9000, endMs: 12000, text: 'Another paragraph.', sourceParagraph: 3 },
];
describe('places in an episode', () => {
  it('the cue spoken at a time is the last one started by then', () => {
    expect(cueAt(cues, 0)?.index).toBe(0);
    expect(cueAt(cues, 2.5)?.index).toBe(1);
    expect(cueAt(cues, 8.9)?.index).toBe(2);
    expect(cueAt(cues, 30)?.index).toBe(3);
    expect(cueAt([], 3)).toBeNull();
  });

  it('a paragraph starts at its first cue; one not read (yet) has no start', () => {
    expect(paragraphStart(cues, 1)).toBe(2.5);
    expect(paragraphStart(cues, 3)).toBe(9);
    expect(paragraphStart(cues, 2)).toBeNull();
  });
});
