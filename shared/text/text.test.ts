import { describe, expect, it } from 'vitest';
import {
  collapseWhitespace,
  filterCharacters,
  linksToText,
  prepareScriptText,
  removeBareUrls,
} from './prepare-script-text.ts';
import { cleanTitle } from './clean-title.ts';
import { FALLBACK_THANKS, FALLBACK_WELCOME, fallbackScript, fallbackTitle } from './fallback.ts';

describe('text preparation for the script writer', () => {
  it.each([
    ['Read [the docs](https://example.com/docs) now', 'Read the docs now'],
    ['See <a href="https://x.y">this page</a>.', 'See this page.'],
    ['[a](http://a.b/(c)) and [b](/rel "t")', 'a and b'],
  ])('links become their text: %j', (input, output) => {
    expect(linksToText(input)).toBe(output);
  });

  it.each([
    ['Visit https://example.com/path?q=1 today', 'Visit  today'],
    ['or www.example.org.', 'or '],
    ['http://a.b and https://c.d', ' and '],
  ])('bare URLs are removed: %j', (input, output) => {
    expect(removeBareUrls(input)).toBe(output);
  });

  it.each([
    ['Hello, world! Is it? Yes - it is.', 'Hello, world! Is it? Yes - it is.'],
    ['Price: $5 & 10% off (today) #deal @you', 'Price 5  10 off today deal you'],
    ['Emoji 🎧 and “quotes” and ‘single’', 'Emoji  and quotes and single'],
    ['Café naïve über_cool 42', 'Café naïve über_cool 42'],
  ])('only word characters, whitespace and . , ! ? - stay: %j', (input, output) => {
    expect(filterCharacters(input)).toBe(output);
  });

  it.each([
    ['a   b\t\tc', 'a b c'],
    ['  first  \n\n\n  second \n', 'first\nsecond'],
    ['\n \n', ''],
  ])('whitespace collapses: %j', (input, output) => {
    expect(collapseWhitespace(input)).toBe(output);
  });

  it.each([
    ['an unclosed markdown link', `[a](${'a'.repeat(200_000)} `],
    ['many unclosed html links', '<a href="x">y '.repeat(15_000)],
    ['many opening brackets', '[x]('.repeat(50_000)],
    ['only opening brackets', '['.repeat(200_000)],
    ['unclosed link tags', '<a'.repeat(100_000)],
    ['a long run of separators', 'a-.'.repeat(70_000)],
  ])('prepares %s of 200,000 characters in linear time', (_name, input) => {
    const started = performance.now();
    prepareScriptText(input);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('runs the steps in order on a realistic paragraph', () => {
    const input = 'Our [new release](https://x.io/r) ships today!\n\nDetails: https://x.io/notes — “fast” & small 🚀.';
    expect(prepareScriptText(input)).toBe('Our new release ships today!\nDetails fast small .');
  });
});

describe('title cleanup', () => {
  it.each([
    ['"The Future of AI"', 'The Future of AI'],
    ["'Why: Cats & Dogs?'", 'Why Cats Dogs?'],
    ['Title: A “quoted” word!', 'Title A quoted word!'],
    ['  Spaces   everywhere  ', 'Spaces everywhere'],
    ['Rust-lang, 2024. Done!', 'Rust-lang, 2024. Done!'],
  ])('%j → %j', (input, output) => {
    expect(cleanTitle(input)).toBe(output);
  });
});

describe('the fallback script and title', () => {
  it('has a welcome line, up to five paragraphs, and a thanks line', () => {
    const text = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].join('\n');
    expect(fallbackScript(text).split('\n')).toEqual([FALLBACK_WELCOME, 'one', 'two', 'three', 'four', 'five', FALLBACK_THANKS]);
  });

  it('keeps fewer paragraphs when the text has fewer', () => {
    expect(fallbackScript('only one\n\n').split('\n')).toEqual([FALLBACK_WELCOME, 'only one', FALLBACK_THANKS]);
  });

  it.each([
    ['the quick brown fox jumps over the lazy dog again\nsecond line', 'The quick brown fox jumps over the lazy'],
    ['\n  short title here\nmore', 'Short title here'],
    ['élan vital', 'Élan vital'],
    ['', ''],
  ])('title of %j is %j', (text, title) => {
    expect(fallbackTitle(text)).toBe(title);
  });
});
