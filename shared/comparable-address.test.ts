import { describe, expect, it } from 'vitest';
import { comparableAddress } from './comparable-address.ts';

describe('comparableAddress', () => {
  it.each([
    ['tracking parameters', 'https://news.example.com/a?utm_source=rss&utm_medium=feed', 'https://news.example.com/a'],
    ['a click id beside a real parameter', 'https://news.example.com/a?id=7&fbclid=IwAR0x&gclid=abc', 'https://news.example.com/a?id=7'],
    ['a fragment, www and a trailing slash', 'http://www.news.example.com/a/#comments', 'https://news.example.com/a'],
  ])('%s: the same page', (_, a, b) => {
    expect(comparableAddress(a)).toBe(comparableAddress(b));
  });

  it('tells two pages apart by a parameter that names the page', () => {
    expect(comparableAddress('https://news.example.com/a?id=7')).not.toBe(comparableAddress('https://news.example.com/a?id=8'));
  });

  it('answers null for what is not a web address', () => {
    expect(comparableAddress('mailto:a@example.com')).toBeNull();
    expect(comparableAddress('not a url')).toBeNull();
  });
});
