import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createArticleExtractor, type ArticleExtractor } from './extractor.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpora/readability');
const page = (id: string) => fs.readFileSync(path.join(CORPUS, id, 'source.html'), 'utf8');
const PAGE_URL = 'http://fakehost/test/page.html';

let extractor: ArticleExtractor | undefined;
afterEach(async () => {
  await extractor?.close();
});

describe('extraction in a worker thread', () => {
  it('answers the article as the extractor does', async () => {
    extractor = createArticleExtractor();
    const article = await extractor.extract(page('mozilla-1'), PAGE_URL);
    const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, 'mozilla-1', 'expected-metadata.json'), 'utf8'));
    expect(article.title).toBe(expected.title);
    expect(article.text.split('\n').length).toBeGreaterThan(3);
  });

  it('brings the user-facing message back across the thread as an AppError', async () => {
    extractor = createArticleExtractor();
    const error = await extractor.extract('<html><body><nav>Home</nav></body></html>', PAGE_URL).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NO_READABLE_CONTENT', message: 'Could not extract readable content from the webpage' });
  });

  it('keeps the event loop free while a large page is read', async () => {
    extractor = createArticleExtractor();
    await extractor.extract(page('mozilla-1'), PAGE_URL); // the worker is warm
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await extractor.extract(page('wikipedia-2'), PAGE_URL);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // Run on this thread, the timer could not fire at all until the page was done.
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(Math.min(5, elapsed / 50));
  });

  it('refuses a page that takes too long with the parse-failure message, and reads the next one', async () => {
    extractor = createArticleExtractor({
      timeoutMs: 3000,
      workerUrl: new URL('../../test/fixtures/stalling-extract-worker.mjs', import.meta.url),
    });
    expect((await extractor.extract(page('mozilla-1'), PAGE_URL)).title).toBeTruthy();
    const started = performance.now();
    expect(await extractor.extract('<html><body><p>STALL</p></body></html>', PAGE_URL).catch((e) => e)).toMatchObject({
      code: 'NO_READABLE_CONTENT',
      message: 'The webpage content could not be processed. Try a simpler webpage or one with more text content.',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(2900);
    // A fresh worker reads the next page.
    expect((await extractor.extract(page('mozilla-1'), PAGE_URL)).title).toBeTruthy();
  });

  it('reads pages one after another when several arrive at once', async () => {
    extractor = createArticleExtractor();
    const ids = ['mozilla-1', 'bbc-1', 'medium-1'];
    const articles = await Promise.all(ids.map((id) => extractor!.extract(page(id), PAGE_URL)));
    articles.forEach((article, i) => {
      const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, ids[i]!, 'expected-metadata.json'), 'utf8'));
      expect(article.title).toBe(expected.title);
    });
  });
});
