import { describe, expect, it } from 'vitest';
import { transcriptParagraphs } from './transcript.ts';

const p = (text: string) => ({ heading: false, text });

describe('transcriptParagraphs', () => {
  it.each([
    ['', []],
    ['One line only.', [p('One line only.')]],
    ['Welcome.\nFirst point.\nThanks.', [p('Welcome.'), p('First point.'), p('Thanks.')]],
    ['Windows\r\nline ends\r\n', [p('Windows'), p('line ends')]],
    ['Gaps\n\n\n  between  \n\nlines', [p('Gaps'), p('between'), p('lines')]],
  ])('%j gives %j', (content, expected) => {
    expect(transcriptParagraphs(content)).toEqual(expected);
  });

  it("shows a chapter's mark as its heading, not as a hash", () => {
    expect(transcriptParagraphs('# The river\nIt rose.\n## #1 hit\nNo mark # here.')).toEqual([
      { heading: true, text: 'The river' },
      p('It rose.'),
      { heading: true, text: '#1 hit' },
      p('No mark # here.'),
    ]);
  });
});
