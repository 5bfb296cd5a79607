import { describe, expect, it } from 'vitest';
import {
  collapseWhitespace,
  filterCharacters,
  linksToText,
  prepareScriptText,
} from './prepare-script-text.ts';
import { cleanTitle, limitTitle, pageTitle, TITLE_MAX_CHARS } from './clean-title.ts';
import { FALLBACK_THANKS, FALLBACK_WELCOME, fallbackScript, fallbackTitle, titleOrFallback } from './fallback.ts';

describe('text preparation for the script writer', () => {
  it.each([
    ['Read [the docs](https://example.com/docs) now', 'Read the docs now'],
    ['See <a href="https://x.y">this page</a>.', 'See this page.'],
    ['[a](http://a.b/(c)) and [b](/rel "t")', 'a and b'],
  ])('links become their text: %j', (input, output) => {
    expect(linksToText(input)).toBe(output);
  });

  it.each([
    ['To check your mail, simply type www.msn.com.'],
    ['Visit https://example.com/path?q=1#top today'],
    ['Write to press@example.org (or see https://en.wikipedia.org/wiki/Tide_(disambiguation)).'],
    ['https://github.com/pagecast/pagecast'],
  ])('addresses stay as written for the model and the transcript: %j', (input) => {
    expect(prepareScriptText(input)).toBe(input);
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
  ])('prepares %s of 200,000 characters, where a pattern that rescans the text never would', (_name, input) => {
    // No clock here (`npm run bench -- speech-kinds` times it): linear work finishes in well under a
    // second; a rescanning pattern takes hours, past the runner's test timeout, which fails it.
    expect(typeof prepareScriptText(input)).toBe('string');
  });

  it('runs the steps in order on a realistic paragraph', () => {
    const input = 'Our [new release](https://x.io/r)   ships today!\n\nDetails: https://x.io/notes — “fast” & small 🚀.';
    expect(prepareScriptText(input)).toBe('Our new release ships today!\nDetails: https://x.io/notes — “fast” & small 🚀.');
  });

  it.each([
    ["They'll say it's fine.", "They'll say it's fine."],
    ['Inflation rose 0.3% in May.', 'Inflation rose 0.3% in May.'],
    ['A $9 billion deal, €5 each, £3.50 a pint.', 'A $9 billion deal, €5 each, £3.50 a pint.'],
    ['The train left at 04:05 pm on 2024-03-15.', 'The train left at 04:05 pm on 2024-03-15.'],
    ['We were even — heaven help us — booyah.', 'We were even — heaven help us — booyah.'],
    ['Les « guillemets » et l’apostrophe: 25 °C, 1er mai.', 'Les « guillemets » et l’apostrophe: 25 °C, 1er mai.'],
    ['الحكومة: 30٪ من الميزانية!', 'الحكومة: 30٪ من الميزانية!'],
  ])('keeps the words as written for the model and the voice: %j', (input, output) => {
    expect(prepareScriptText(input)).toBe(output);
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

  it('keeps a written title to 120 characters, cut between words', () => {
    const long = Array.from({ length: 75 }, (_, i) => `word${i}`).join(' ');
    const title = cleanTitle(long);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(long.startsWith(title)).toBe(true);
    expect(long[title.length]).toBe(' ');
  });
});

describe("a page's own title", () => {
  it.each([
    ['How the Federal Reserve Decided to Hold Rates Steady for a Third Straight Meeting | Reuters', null, 'How the Federal Reserve Decided to Hold Rates Steady for a Third Straight Meeting'],
    ["They'll Never Know: 0.3% of a $9 Billion Budget, Spent at 04:05 pm - BBC News", null, "They'll Never Know: 0.3% of a $9 Billion Budget, Spent at 04:05 pm"],
    ['The economy is shrinking again — The Atlantic', null, 'The economy is shrinking again'],
    ['Release notes · example.com', null, 'Release notes'],
    ['Python 3.12 - What’s New', null, 'Python 3.12 - What’s New'],
    ['Even — heaven help us — booyah', null, 'Even — heaven help us — booyah'],
    ['Why we sleep - a long read about the science of rest and dreams', null, 'Why we sleep - a long read about the science of rest and dreams'],
    ['Le Monde | La réforme des retraites expliquée en cinq points clés', 'Le Monde', 'La réforme des retraites expliquée en cinq points clés'],
    ['Ein langer Artikel über die Zukunft der Arbeit - Süddeutsche Zeitung', 'Süddeutsche Zeitung', 'Ein langer Artikel über die Zukunft der Arbeit'],
    ['  spaced \n  title  ', null, 'spaced title'],
    ['Long title here - Part Two', null, 'Long title here - Part Two'],
    ['| Site', null, '| Site'],
  ])('%j (site %j) → %j', (raw, site, title) => {
    expect(pageTitle(raw, site)).toBe(title);
  });

  it('survives whole when long, never cut to eight words', () => {
    const raw = 'A Seventeen Word Headline That Goes On and On About What Happened in the Markets Today | Site';
    expect(titleOrFallback(raw, 'first line of the text')).toBe(
      'A Seventeen Word Headline That Goes On and On About What Happened in the Markets Today',
    );
  });

  it('falls back to the first eight words of the text only when there is none', () => {
    expect(titleOrFallback('', 'the quick brown fox jumps over the lazy dog again')).toBe('The quick brown fox jumps over the lazy');
    expect(titleOrFallback(null, 'short')).toBe('Short');
  });

  it('is cut between words past 120 characters', () => {
    const raw = `${'Supercalifragilistic '.repeat(10)}end`;
    const title = pageTitle(raw);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(title.endsWith('Supercalifragilistic')).toBe(true);
    expect(limitTitle('x'.repeat(200)).length).toBe(TITLE_MAX_CHARS);
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
