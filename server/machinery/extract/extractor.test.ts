import fs from 'node:fs';
import path from 'node:path';
import { countWords } from '../script/script-format.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { PDF_MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { createArticleExtractor, type ArticleExtractor } from './extractor.ts';
import { SAFETY_NET_MS } from '../../test/wait.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpora/readability');
const page = (id: string) => fs.readFileSync(path.join(CORPUS, id, 'source.html'), 'utf8');
const PAGE_URL = 'http://fakehost/test/page.html';
/** The deadline where a test is not about it: a large page read on a loaded machine can pass the product's 20 s. */
const LOADED_MS = 120_000;
const quick = new URL('../../test/fixtures/quick-extract-worker.mjs', import.meta.url);

let extractor: ArticleExtractor | undefined;
afterEach(async () => {
  await extractor?.close();
});

describe('extraction in a worker thread', () => {
  it('answers the article as the extractor does', async () => {
    extractor = createArticleExtractor({ timeoutMs: LOADED_MS });
    const article = await extractor.extract(page('mozilla-1'), PAGE_URL);
    const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, 'mozilla-1', 'expected-metadata.json'), 'utf8'));
    expect(article.title).toBe(expected.title);
    expect(article.text.split('\n').length).toBeGreaterThan(3);
    // Its words counted in the worker, so the server's thread never counts a page.
    expect(article.words).toBe(countWords(article.text));
  });

  it('brings the user-facing message back across the thread as an AppError', async () => {
    extractor = createArticleExtractor({ timeoutMs: LOADED_MS });
    const error = await extractor.extract('<html><body><nav>Home</nav></body></html>', PAGE_URL).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NO_READABLE_CONTENT', message: 'Could not extract readable content from the webpage' });
  });

  it('keeps the event loop free while a large page is read', async () => {
    extractor = createArticleExtractor({ timeoutMs: LOADED_MS });
    await extractor.extract(page('mozilla-1'), PAGE_URL); // the worker is warm
    let read = false;
    const reading = extractor.extract(page('wikipedia-2'), PAGE_URL).then((article) => ((read = true), article));
    // Read on this thread, the page would be done before any timer of this thread could run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(read).toBe(false);
    expect((await reading).text.length).toBeGreaterThan(1000);
  });

  it('refuses a page that takes too long with the parse-failure message, and reads the next one', async () => {
    // The deadline counts the worker's cold start too.
    extractor = createArticleExtractor({ timeoutMs: 4000, workers: 1, workerUrl: quick });
    expect((await extractor.extract('<title>First</title>', PAGE_URL)).title).toBe('First');
    const error = await extractor.extract('<html><body><p>STALL</p></body></html>', PAGE_URL).catch((e) => e);
    expect(error).toMatchObject({
      code: 'NO_READABLE_CONTENT',
      message: 'The webpage content could not be processed. Try a simpler webpage or one with more text content.',
    });
    // Cut off by its deadline, not refused for anything else.
    expect(String(error.cause)).toContain('extraction took over 4000 ms');
    // A fresh worker reads the next page.
    expect((await extractor.extract('<title>Next</title>', PAGE_URL)).title).toBe('Next');
  });

  it('answers busy, not unreadable, when no worker has started by the deadline', async () => {
    // A worker that never says it is ready: a cold start slower than the deadline.
    const neverReady = new URL('data:text/javascript,setInterval(() => {}, 1000);');
    extractor = createArticleExtractor({ timeoutMs: 1500, workers: 1, workerUrl: neverReady });
    const error = await extractor.extract('<title>First</title>', PAGE_URL).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    expect((error as Error).message).toMatch(/^Pagecast is busy reading other pages and documents\. Try again in \d+ seconds?\.$/);
  });

  it('reads pages one after another when several arrive at once', async () => {
    extractor = createArticleExtractor({ timeoutMs: LOADED_MS });
    const ids = ['mozilla-1', 'bbc-1', 'medium-1'];
    const articles = await Promise.all(ids.map((id) => extractor!.extract(page(id), PAGE_URL)));
    articles.forEach((article, i) => {
      const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, ids[i]!, 'expected-metadata.json'), 'utf8'));
      expect(article.title).toBe(expected.title);
    });
  });

  describe('nobody can hog the workers', () => {
    const hostile = new URL('../../test/fixtures/hostile-extract-worker.mjs', import.meta.url);
    const stall = '<html><body><p>STALL</p></body></html>';

    it("reads another owner's page while one owner's slow files hold a worker and wait for it", async () => {
      extractor = createArticleExtractor({ workers: 2, timeoutMs: 120_000, workerUrl: hostile });
      const slow = [extractor.extract(stall, PAGE_URL, { owner: 'a' }), extractor.extract(stall, PAGE_URL, { owner: 'a' })];
      slow.forEach((p) => p.catch(() => {}));
      let slowDone = false;
      void Promise.allSettled(slow).then(() => (slowDone = true));
      expect((await extractor.extract(page('mozilla-1'), PAGE_URL, { owner: 'b' })).title).toBeTruthy();
      expect(slowDone).toBe(false);
    });

    it('answers busy with Retry-After when an owner has too many waiting, and counts the queue in the deadline', async () => {
      extractor = createArticleExtractor({ workers: 1, timeoutMs: 3000, ownerQueueLimit: 1, workerUrl: quick });
      const first = extractor.extract(stall, PAGE_URL, { owner: 'a' }).catch((e: unknown) => e);
      const second = extractor.extract(stall, PAGE_URL, { owner: 'a' }).catch((e: unknown) => e);
      const third = await extractor.extract(stall, PAGE_URL, { owner: 'a' }).catch((e: unknown) => e);
      expect(third).toMatchObject({ code: 'RATE_LIMITED', headers: { 'Retry-After': expect.stringMatching(/^[1-3]$/) } });
      expect((third as Error).message).toMatch(/^Pagecast is busy reading other pages and documents\. Try again in [1-3] seconds?\.$/);
      // The second never reached a worker: at its deadline it is told to come back, not that the page is unreadable.
      expect(await second).toMatchObject({ code: 'RATE_LIMITED' });
      expect(await first).toMatchObject({ code: 'NO_READABLE_CONTENT' });
    });

    it('cuts off a task that fills memory outside the heap, gives the memory back, and reads the next page', async () => {
      extractor = createArticleExtractor({ workers: 1, memoryGrowthMb: 256, workerUrl: hostile });
      const before = process.memoryUsage.rss();
      expect(await extractor.extract('<html><body><p>BOMB</p></body></html>', PAGE_URL).catch((e: unknown) => e)).toMatchObject({
        code: 'NO_READABLE_CONTENT',
      });
      await expect.poll(() => process.memoryUsage.rss() - before, { timeout: SAFETY_NET_MS }).toBeLessThan(256 * 1024 * 1024);
      expect((await extractor.extract(page('mozilla-1'), PAGE_URL)).title).toBeTruthy();
    });

    it('cuts off a worker that holds more than its memory outside the heap, whatever the process does, and reads the next page', async () => {
      // The process's growth is not watched here (its cap far off) and the deadline is far: only the worker's own memory ends it.
      extractor = createArticleExtractor({ workers: 1, memoryGrowthMb: 1 << 20, workerMemoryMb: 192, timeoutMs: 600_000, workerUrl: hostile });
      expect(await extractor.extractPdf(new Uint8Array(Buffer.from('HOLD'))).catch((e: unknown) => e)).toMatchObject({
        code: 'NO_READABLE_CONTENT',
        message: PDF_MESSAGES.unpacksTooLarge,
      });
      expect((await extractor.extract(page('mozilla-1'), PAGE_URL)).title).toBeTruthy();
    });

    it('replaces a worker that runs past its heap limit and reads the next page', async () => {
      extractor = createArticleExtractor({ workers: 1, heapMb: 64, workerUrl: hostile });
      expect(await extractor.extract('<html><body><p>HEAP</p></body></html>', PAGE_URL).catch((e: unknown) => e)).toMatchObject({
        code: 'NO_READABLE_CONTENT',
      });
      expect((await extractor.extract(page('mozilla-1'), PAGE_URL)).title).toBeTruthy();
    });
  });
});
