import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createRecentPages, pageKey } from './recent-pages.ts';

const at = (ms: number) => new Date(1_000_000 + ms);
const limits = { keepMs: 5 * 60_000, keepFailedMs: 60_000, maxPages: 3, maxChars: 100 };
const recent = () => createRecentPages<string>((text) => text.length, limits);

describe('recent pages', () => {
  it('knows a page by its address without the fragment', () => {
    expect(pageKey(' https://Example.com/a?b=1#part ')).toBe('https://example.com/a?b=1');
    expect(pageKey('not an address')).toBeNull();
    const pages = recent();
    pages.keep('https://example.com/a#one', { article: 'text' }, at(0));
    expect(pages.get('https://example.com/a#two', at(1000))).toEqual({ article: 'text' });
    expect(pages.get('https://example.com/b', at(1000))).toBeUndefined();
  });

  it('keeps a page read five minutes, and an answer of a page that could not be read one minute', () => {
    const pages = recent();
    const unreachable = new AppError('FETCH_FAILED', { message: 'Unable to reach the website.' });
    pages.keep('https://example.com/read', { article: 'text' }, at(0));
    pages.keep('https://example.com/down', { error: unreachable }, at(0));
    expect(pages.get('https://example.com/down', at(59_000))).toEqual({ error: unreachable });
    expect(pages.get('https://example.com/down', at(60_000))).toBeUndefined();
    expect(pages.get('https://example.com/read', at(299_000))).toEqual({ article: 'text' });
    expect(pages.get('https://example.com/read', at(300_000))).toBeUndefined();
  });

  it('holds at most its pages and characters, dropping the least recently used first', () => {
    const pages = recent();
    for (const name of ['a', 'b', 'c']) pages.keep(`https://example.com/${name}`, { article: name }, at(0));
    expect(pages.get('https://example.com/a', at(1))).toBeDefined();
    pages.keep('https://example.com/d', { article: 'd' }, at(2));
    expect(pages.get('https://example.com/b', at(3))).toBeUndefined();
    expect(['a', 'c', 'd'].map((name) => pages.get(`https://example.com/${name}`, at(3)))).toEqual([{ article: 'a' }, { article: 'c' }, { article: 'd' }]);

    // 60 + 50 characters are over 100: the older page goes; a page over the whole bound is not kept.
    pages.keep('https://example.com/long', { article: 'x'.repeat(60) }, at(4));
    pages.keep('https://example.com/longer', { article: 'y'.repeat(50) }, at(5));
    expect(pages.get('https://example.com/long', at(6))).toBeUndefined();
    expect(pages.get('https://example.com/longer', at(6))).toBeDefined();
    pages.keep('https://example.com/huge', { article: 'z'.repeat(101) }, at(7));
    expect(pages.get('https://example.com/huge', at(8))).toBeUndefined();
    expect(pages.get('https://example.com/longer', at(8))).toBeDefined();
  });
});
