import { describe, expect, it } from 'vitest';
import type { Chapter, Cue } from '../api/transcript.ts';
import {
  currentChapterIndex,
  currentCueIndex,
  nextChapterStart,
  previousChapterStart,
  transcriptBlocks,
} from './read-along.ts';

const cue = (index: number, startMs: number, endMs: number, extra: Partial<Cue> = {}): Cue => ({
  index,
  startMs,
  endMs,
  text: `Sentence ${index}.`,
  ...extra,
});

const cues = [cue(0, 0, 1800), cue(1, 2000, 4000), cue(2, 4300, 7000), cue(3, 7000, 9000)];
const chapters: Chapter[] = [
  { title: 'Intro', startMs: 0, endMs: 4300 },
  { title: 'Middle', startMs: 4300, endMs: 7000 },
  { title: 'End', startMs: 7000, endMs: 9000 },
];

describe('the sentence being spoken', () => {
  it('is the last one started, and stays on it through the pause after it', () => {
    expect(currentCueIndex(cues, 0)).toBe(0);
    expect(currentCueIndex(cues, 1.9)).toBe(0);
    expect(currentCueIndex(cues, 2)).toBe(1);
    expect(currentCueIndex(cues, 4.2)).toBe(1);
    expect(currentCueIndex(cues, 6.999)).toBe(2);
    expect(currentCueIndex(cues, 7)).toBe(3);
    expect(currentCueIndex(cues, 60)).toBe(3);
  });

  it('is none before the first cue or without cues', () => {
    expect(currentCueIndex([cue(0, 500, 900)], 0.2)).toBe(-1);
    expect(currentCueIndex([], 3)).toBe(-1);
  });
});

describe('chapters', () => {
  it('names the chapter playing', () => {
    expect(currentChapterIndex(chapters, 0)).toBe(0);
    expect(currentChapterIndex(chapters, 5)).toBe(1);
    expect(currentChapterIndex(chapters, 8)).toBe(2);
    expect(currentChapterIndex([], 8)).toBe(-1);
  });

  it('goes to the next chapter, none after the last', () => {
    expect(nextChapterStart(chapters, 1)).toBe(4.3);
    expect(nextChapterStart(chapters, 5)).toBe(7);
    expect(nextChapterStart(chapters, 8)).toBeNull();
  });

  it('goes back to the chapter’s start, or to the one before when it just started', () => {
    expect(previousChapterStart(chapters, 10.5)).toBe(7);
    expect(previousChapterStart(chapters, 8.5)).toBe(4.3);
    expect(previousChapterStart(chapters, 4.5)).toBe(0);
    expect(previousChapterStart(chapters, 1)).toBe(0);
    expect(previousChapterStart([], 1)).toBeNull();
  });
});

describe('transcript blocks', () => {
  it('puts a heading where a chapter starts and groups a speaker’s sentences', () => {
    const talk = [
      cue(0, 0, 1000, { chapter: 'Opening', speaker: 'Ana' }),
      cue(1, 1000, 2000, { speaker: 'Ana' }),
      cue(2, 2000, 3000, { speaker: 'Ben' }),
      cue(3, 3000, 4000, { speaker: 'Ben', chapter: 'The point' }),
    ];
    const blocks = transcriptBlocks(talk);
    expect(blocks.map((b) => (b.kind === 'chapter' ? `# ${b.title}` : `${b.speaker}: ${b.cues.map((c) => c.position).join(',')}`))).toEqual([
      '# Opening',
      'Ana: 0,1',
      'Ben: 2',
      '# The point',
      'Ben: 3',
    ]);
  });

  it('without speakers, makes paragraphs of a few sentences', () => {
    const many = Array.from({ length: 7 }, (_, i) => cue(i, i * 1000, i * 1000 + 900));
    const blocks = transcriptBlocks(many, 3);
    expect(blocks.map((b) => (b.kind === 'turn' ? b.cues.length : 0))).toEqual([3, 3, 1]);
    expect(blocks.every((b) => b.kind === 'turn' && b.speaker === null)).toBe(true);
  });

  it("in read mode, makes one paragraph of each of the article's paragraphs, however many sentences it has", () => {
    const lengths = [1, 7, 2, 6];
    const read = lengths.flatMap((n, paragraph) => Array.from({ length: n }, () => paragraph)).map((paragraph, i) => cue(i, i * 1000, i * 1000 + 900, { sourceParagraph: paragraph }));
    const blocks = transcriptBlocks(read, 5);
    expect(blocks.map((b) => (b.kind === 'turn' ? [b.paragraph, b.cues.length] : null))).toEqual([[0, 1], [1, 7], [2, 2], [3, 6]]);
  });

  it("starts a paragraph where a chapter starts, and where the source paragraph changes within a speaker's turn", () => {
    const marked = [
      cue(0, 0, 900, { sourceParagraph: 0, chapter: 'One' }),
      cue(1, 1000, 1900, { sourceParagraph: 0 }),
      cue(2, 2000, 2900, { sourceParagraph: 1, chapter: 'Two' }),
      cue(3, 3000, 3900, { sourceParagraph: 2 }),
    ];
    expect(transcriptBlocks(marked).map((b) => (b.kind === 'chapter' ? `# ${b.title}` : b.cues.map((c) => c.position).join(',')))).toEqual([
      '# One',
      '0,1',
      '# Two',
      '2',
      '3',
    ]);
  });
});
