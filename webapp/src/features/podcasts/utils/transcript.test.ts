import { describe, expect, it } from 'vitest';
import { transcriptParagraphs } from './transcript.ts';

describe('transcriptParagraphs', () => {
  it.each([
    ['', []],
    ['One line only.', ['One line only.']],
    ['Welcome.\nFirst point.\nThanks.', ['Welcome.', 'First point.', 'Thanks.']],
    ['Windows\r\nline ends\r\n', ['Windows', 'line ends']],
    ['Gaps\n\n\n  between  \n\nlines', ['Gaps', 'between', 'lines']],
  ])('%j gives %j', (content, expected) => {
    expect(transcriptParagraphs(content)).toEqual(expected);
  });
});
