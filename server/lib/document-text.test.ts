import { describe, expect, it } from 'vitest';
import { ALL_FORBIDDEN, FORBIDDEN_CHARACTERS, forbiddenIn } from '../test/forbidden-characters.ts';
import { documentText, escapeMarkup } from './document-text.ts';

describe('text for documents', () => {
  it.each(FORBIDDEN_CHARACTERS.map((c) => [`U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, c]))('removes %s', (_name, c) => {
    expect(forbiddenIn(documentText(`a${c}b`))).toEqual([]);
    expect(documentText(`a${c}b`).replace(' ', '')).toBe('ab');
  });

  it.each([
    ['a vertical tab', 'one\vtwo'],
    ['a form feed', 'one\ftwo'],
    ['a next line', 'one\u0085two'],
  ])('keeps the words %s separated apart', (_name, text) => {
    expect(documentText(text)).toBe('one two');
  });

  it('keeps tab, line ends, every other character and surrogate pairs', () => {
    const text = 'Tab\there,\nlines\r\nend; café, naïve, 東京, ½ and 🎧 stay. \u00a0\u2028\uE000\uFFFD';
    expect(documentText(text)).toBe(text);
  });

  it('escapes markup after filtering, for XML and HTML alike', () => {
    expect(escapeMarkup(`Tom & "Jerry's" <b>${ALL_FORBIDDEN}!`)).toBe('Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;   !');
  });
});
