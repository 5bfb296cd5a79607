/**
 * Several sources read as the attacks sent them: ten long pages stop being read once their words pass
 * what one episode can hold (the rest never fetched), and ten pages that trickle in are read a few at
 * a time under one deadline for the set, each named for it.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { startListener, type TestListener } from '../test/listener.ts';
import { estimatePodcast } from './estimate-podcast.ts';
import { NO_SOURCE_READ_MESSAGE, readSources, SOURCE_TOO_SLOW_MESSAGE, SOURCES_AT_ONCE, sourcesTitle } from './read-sources.ts';
import { repeatedSourceMessage } from './repeated-sources.ts';

/** A page of `words` words, in paragraphs of a hundred. */
const longPage = (n: number, words: number) =>
  `<!doctype html><html lang="en"><head><title>Long page ${n}</title></head><body><article><h1>Long page ${n}</h1>` +
  Array.from({ length: words / 100 }, (_, p) => `<p>${Array.from({ length: 100 }, (_, w) => `harbour${(p + w) % 50}`).join(' ')}.</p>`).join('') +
  '</article></body></html>';

describe('several sources under attack', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let site: TestListener;
  let t: ReturnType<typeof createTestApp>;
  const asked: string[] = [];
  let open = 0;
  let mostOpen = 0;
  const trickles = new Set<http.ServerResponse>();

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    site = await startListener((req, res) => {
      asked.push(req.url ?? '');
      open++;
      mostOpen = Math.max(mostOpen, open);
      res.on('close', () => open--);
      const page = /^\/page\/(\d+)/.exec(req.url ?? '');
      if (page) return void res.writeHead(200, { 'content-type': 'text/html' }).end(longPage(Number(page[1]), 200));
      const short = /^\/short\/(\d+)$/.exec(req.url ?? '');
      if (short) return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html lang="en"><head><title>Short page ${short[1]}</title></head><body><article><h1>Short page ${short[1]}</h1><p>The harbour was quiet that morning, and the boats lay still on the water.</p></article></body></html>`);
      if (req.url === '/moved') return void res.writeHead(301, { location: '/page/1' }).end();
      const long = /^\/long\/(\d+)$/.exec(req.url ?? '');
      if (long) return void res.writeHead(200, { 'content-type': 'text/html' }).end(longPage(Number(long[1]), 5_000));
      // A byte at a time, never ending.
      trickles.add(res);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><html><body><p>');
      const timer = setInterval(() => res.write('a'), 200);
      res.on('close', () => clearInterval(timer));
    });
    // An episode of at most 5 minutes: about 1,700 words at the fastest voice's pace.
    t = createTestApp(database, { config: testConfig({ FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}`, FETCHES_PER_HOUR: '500', MAX_EPISODE_MINUTES: '5' }) });
  });
  afterAll(async () => {
    for (const res of trickles) res.destroy();
    await site.close();
    await database.close();
  });

  it('stops reading ten long pages once their words pass what one episode holds, and says how long it would run', async () => {
    asked.length = 0;
    const sources = Array.from({ length: 10 }, (_, i) => ({ url: `http://127.0.0.1:${site.port}/long/${i}` }));
    const refused = await estimatePodcast(t.deps, { caller: null, clientAddress: '10.0.0.1', request: { sources, mode: 'read' } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'EPISODE_TOO_LONG' });
    // The first few were asked for together; once one was read past the budget, no other was.
    expect(asked.length).toBeLessThanOrEqual(SOURCES_AT_ONCE);
  });

  it('counts each page by the words the extraction worker answered, not the text on the server thread: the reading stops once their total passes the limit', async () => {
    asked.length = 0;
    // Short pages whose worker says each holds 1,000 words: past the budget (about 1,700) after two.
    const counted = { ...t.deps, pipeline: { ...t.deps.pipeline, extract: async (...args: Parameters<typeof t.deps.pipeline.extract>) => ({ ...(await t.deps.pipeline.extract(...args)), words: 1_000 }) } };
    const sources = Array.from({ length: 10 }, (_, i) => ({ url: `http://127.0.0.1:${site.port}/page/${i + 20}` }));
    const refused = await estimatePodcast(counted, { caller: null, clientAddress: '10.0.0.4', request: { sources, mode: 'read' } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'EPISODE_TOO_LONG' });
    // The second page read passes the budget; besides those two, only the pages under way then were asked
    // for (the slot the first page read freed may have started a fourth, whichever finished first).
    expect(asked.length).toBeLessThanOrEqual(2 + SOURCES_AT_ONCE - 1);
  });

  it("answers an estimate of several sources with the worker's counts summed, their texts never joined", async () => {
    let n = 0;
    const counted = { ...t.deps, pipeline: { ...t.deps.pipeline, extract: async (...args: Parameters<typeof t.deps.pipeline.extract>) => ({ ...(await t.deps.pipeline.extract(...args)), words: 100 + n++ }) } };
    const sources = [30, 31, 32].map((i) => ({ url: `http://127.0.0.1:${site.port}/short/${i}` }));
    const estimate = await estimatePodcast(counted, { caller: null, clientAddress: '10.0.0.5', request: { sources, mode: 'read' } });
    expect(estimate.words).toBe(100 + 101 + 102);
    expect(estimate.title).toBe('Short page 30 and 2 more sources');
  });

  it('reads a page given twice once (its tracking parameters, its fragment or a redirect aside), naming the copies left out', async () => {
    asked.length = 0;
    const base = `http://127.0.0.1:${site.port}`;
    const sources = [{ url: `${base}/page/1` }, { url: `${base}/page/2` }, { url: `${base}/page/1/?utm_source=feed&fbclid=x#top` }, { url: `${base}/moved` }];
    const { articles, sources: parts } = await readSources(t.deps, { caller: null, clientAddress: '10.0.0.3' }, sources);
    expect(parts.read.map((part) => part.title)).toEqual(['Long page 1', 'Long page 2']);
    expect(sourcesTitle(articles)).toBe('Long page 1 and 1 more source');
    expect(parts.unreadable).toEqual([
      { index: 2, source: sources[2]!.url, error: repeatedSourceMessage(1) },
      { index: 3, source: sources[3]!.url, error: repeatedSourceMessage(1) },
    ]);
    // The copy known by its address is never fetched; the one behind a redirect is found once read.
    expect(asked.filter((url) => url.startsWith('/page/1'))).toEqual(['/page/1', '/page/1']);
  });

  it('reads ten trickling sources a few at a time under one deadline for the set, naming each', async () => {
    asked.length = 0;
    mostOpen = 0;
    const sources = Array.from({ length: 10 }, (_, i) => ({ url: `http://127.0.0.1:${site.port}/slow/${i}` }));
    const refused = await readSources(t.deps, { caller: null, clientAddress: '10.0.0.2' }, sources, undefined, 1_500).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'FETCH_FAILED' });
    const message = (refused as Error).message;
    expect(message.startsWith(NO_SOURCE_READ_MESSAGE)).toBe(true);
    for (const { url } of sources) expect(message).toContain(`${url}: ${SOURCE_TOO_SLOW_MESSAGE}`);
    // A few at a time, and no more started once the set's deadline came.
    expect(mostOpen).toBeLessThanOrEqual(SOURCES_AT_ONCE);
    expect(asked.length).toBeLessThanOrEqual(SOURCES_AT_ONCE);
  });
});
