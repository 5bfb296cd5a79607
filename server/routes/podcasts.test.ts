import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { podcastEventSchema, podcastSchema, scriptResponseSchema, type Podcast, type PodcastEvent } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { clearRateLimits, countJobs, hasLiveJob, markPodcastFailed, podcastById, podcastsOfBrowser } from '../test/rows.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { BILLING_ON, createTestApp, testConfig } from '../test/app.ts';
import { ARTICLE_TITLE, startArticlePages, type ArticlePages } from '../test/article-pages.ts';
import { wholeScriptWriter } from '../machinery/script/script-stream.ts';
import { episode } from '../machinery/audio/store.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

let pages: ArticlePages;
beforeAll(async () => {
  pages = await startArticlePages();
});
afterAll(() => pages.close());

const article = {
  title: 'Bees and the Colour Blue',
  text: 'Bees see blue better than any other colour.\nGardeners who plant lavender see more bees by noon.\nThe reason is older than flowers themselves.',
  sourceUrl: 'https://example.com/bees',
};

describeEachDatabase('the podcasts API', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let anonymous = 0;
  const browser = () => `browser-token-${ctx.kind}-${++anonymous}-${Date.now()}`;

  beforeAll(() => {
    t = createTestApp(ctx, {
      config: testConfig({ FETCH_ALLOW_HOSTS: pages.host, ANONYMOUS_DAILY_PODCASTS: '1000' }),
    });
    t.deps.jobs.start();
  });
  afterAll(() => t.deps.jobs.stop());

  const call = (path: string, init: RequestInit & { as?: string; token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.as) headers.set(ANONYMOUS_TOKEN_HEADER, init.as);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (init.body) headers.set('Content-Type', 'application/json');
    return t.app.request(path, { ...init, headers });
  };
  const create = (body: unknown, who: { as?: string; token?: string }) =>
    call('/api/podcasts', { method: 'POST', body: JSON.stringify(body), ...who });
  /** The script, which the podcast's JSON does not carry. */
  const scriptOf = async (id: string, who: { as?: string; token?: string }) =>
    scriptResponseSchema.parse(await (await call(`/api/podcasts/${id}/script`, who)).json()).script;
  const waitUntilDone = async (id: string, who: { as?: string; token?: string }): Promise<Podcast> => {
    let podcast: Podcast | undefined;
    await expect
      .poll(
        async () => {
          podcast = podcastSchema.parse(await (await call(`/api/podcasts/${id}`, who)).json());
          return podcast.status;
        },
        { timeout: SAFETY_NET_MS, interval: 100 },
      )
      .toMatch(/ready|failed/);
    return podcast!;
  };

  it('makes a podcast with real audio from text the extension sent', async () => {
    const me = browser();
    const res = await create(article, { as: me });
    expect(res.status).toBe(201);
    const created = podcastSchema.parse(await res.json());
    expect(created).toMatchObject({ title: article.title, progress: 0, status: 'queued', audioUrl: null });
    expect(created.image).toMatch(/podcast-cover\.svg$/);

    const done = await waitUntilDone(created.id, { as: me });
    expect(done).toMatchObject({ status: 'ready', progress: 100, error: null, hasScript: true });
    expect(await scriptOf(done.id, { as: me })).toContain('Bees see blue better than any other colour.');
    // No AI configured: read mode, the article itself, which is no fallback.
    expect(done).toMatchObject({ mode: 'read', minutes: null, fallbackReason: null });
    expect(done.durationSeconds).toBeGreaterThan(3);

    const audio = await call(done.audioUrl!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_000);
    // An MP3 frame sync (or an ID3 tag) at the start.
    expect(bytes[0] === 0xff || String.fromCharCode(...bytes.slice(0, 3)) === 'ID3').toBe(true);

    const partial = await call(done.audioUrl!, { headers: { Range: 'bytes=100-199' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(bytes.slice(100, 200));
  });

  it('fetches and extracts a page itself for { url }', async () => {
    const me = browser();
    const res = await create({ url: `${pages.url}/article` }, { as: me });
    expect(res.status).toBe(201);
    const created = podcastSchema.parse(await res.json());
    expect(created.title).toBe(ARTICLE_TITLE);
    expect(created.sourceUrl).toBe(`${pages.url}/article`);
    const done = await waitUntilDone(created.id, { as: me });
    expect(done.status).toBe('ready');
    const script = await scriptOf(done.id, { as: me });
    expect(script).toContain('For two centuries lighthouses spoke only in light.');
    expect(script).not.toContain('Copyright The Harbour Gazette');
  });

  it.each([
    [{ url: 'ftp://example.com/x' }, 400, 'Please enter a valid website URL starting with http:// or https://'],
    [{ url: 'not a url' }, 400, 'Please enter a valid website URL starting with http:// or https://'],
    [{ url: '/missing' }, 422, 'Failed to fetch content: Not Found'],
    [{ url: '/empty' }, 422, 'Could not extract readable content from the webpage'],
    [{ url: 'http://127.0.0.1:1/private' }, 422, 'Pagecast reads pages on the public web only: this address is on a private or local network. Use a public address.'],
    [{ title: 'x', text: '   \n  ', sourceUrl: 'https://example.com' }, 422, 'Could not extract readable content from the webpage'],
    [{ title: 'x', text: '🎧 🎧 ✨', sourceUrl: 'https://example.com' }, 422, 'Could not extract readable content from the webpage'],
  ])('answers %j with %i and the user-facing message, storing nothing', async (body, status, message) => {
    const me = browser();
    const url = 'url' in body && body.url.startsWith('/') ? `${pages.url}${body.url}` : undefined;
    const res = await create(url ? { url } : body, { as: me });
    expect(res.status).toBe(status);
    expect(errorBodySchema.parse(await res.json()).error.message).toBe(message);
    expect(await podcastsOfBrowser(ctx.db, me)).toHaveLength(0);
  });

  it('refuses a malformed body with a clear 400, not a 500', async () => {
    const res = await call('/api/podcasts', { method: 'POST', body: '{"url": ', as: browser() });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('shows a podcast, its audio and its progress stream to its owner only', async () => {
    const owner = browser();
    const stranger = browser();
    const created = podcastSchema.parse(await (await create(article, { as: owner })).json());
    const done = await waitUntilDone(created.id, { as: owner });

    for (const path of [`/api/podcasts/${done.id}`, `/api/podcasts/${done.id}/audio`, `/api/podcasts/${done.id}/events`]) {
      expect((await call(path, { as: stranger })).status, path).toBe(404);
      expect((await call(path)).status, path).toBeGreaterThanOrEqual(401);
    }
    const forged = done.audioUrl!.replace(/t=\d+\./, 't=9999999999.');
    expect((await call(forged)).status).toBe(404);
    const list = (await (await call('/api/podcasts', { as: stranger })).json()) as { podcasts: Podcast[] };
    expect(list.podcasts.map((p) => p.id)).not.toContain(done.id);
    expect((await call(`/api/podcasts/${done.id}`, { method: 'DELETE', as: stranger })).status).toBe(404);
  });

  it('lists the caller’s podcasts newest first, renames and deletes them', async () => {
    const me = browser();
    const first = podcastSchema.parse(await (await create(article, { as: me })).json());
    const second = podcastSchema.parse(await (await create({ ...article, title: 'Second' }, { as: me })).json());
    const list = (await (await call('/api/podcasts', { as: me })).json()) as { podcasts: Podcast[] };
    expect(list.podcasts.map((p) => p.id)).toEqual([second.id, first.id]);

    const renamed = await call(`/api/podcasts/${first.id}`, { method: 'PATCH', body: JSON.stringify({ title: 'Renamed' }), as: me });
    expect(podcastSchema.parse(await renamed.json()).title).toBe('Renamed');

    const done = await waitUntilDone(second.id, { as: me });
    const row = await podcastById(ctx.db, done.id);
    const audio = episode(row!.audioKey!);
    expect(await t.deps.audio.stat(audio)).toBeGreaterThan(0);
    expect((await call(`/api/podcasts/${done.id}`, { method: 'DELETE', as: me })).status).toBe(200);
    expect((await call(`/api/podcasts/${done.id}`, { as: me })).status).toBe(404);
    expect(await t.deps.audio.stat(audio)).toBeNull();
    await waitUntilDone(first.id, { as: me });
  });

  it('streams progress, the title and audio readiness as server-sent events', async () => {
    const me = browser();
    const created = podcastSchema.parse(await (await create(article, { as: me })).json());
    const res = await call(`/api/podcasts/${created.id}/events`, { as: me });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await res.text(); // the stream ends once the podcast is ready
    const events: PodcastEvent[] = text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => podcastEventSchema.parse(JSON.parse(l.slice(5))));
    expect(text).toContain('event: podcast');
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ status: 'ready', progress: 100 });
    expect(events.at(-1)!.audioUrl).toMatch(/\/audio\?t=/);
    expect(events.some((e) => e.status === 'speaking' && e.progress > 0 && e.progress < 100)).toBe(true);
  });

  it('gives each event an increasing id, and a stream reopened with Last-Event-ID the current state at once', async () => {
    const me = browser();
    const created = podcastSchema.parse(await (await create(article, { as: me })).json());
    const text = await (await call(`/api/podcasts/${created.id}/events`, { as: me })).text();
    const ids = text.split('\n').filter((l) => l.startsWith('id:')).map((l) => Number(l.slice(3)));
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(text).toMatch(/^retry: 1000$/m);
    // A client that lost the stream just before the end reconnects and still gets the final state.
    const again = await call(`/api/podcasts/${created.id}/events`, { as: me, headers: { 'Last-Event-ID': String(ids.at(-2)) } });
    const data = (await again.text()).split('\n').filter((l) => l.startsWith('data:'));
    expect(data).toHaveLength(1);
    expect(podcastEventSchema.parse(JSON.parse(data[0]!.slice(5)))).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('answers 404, not 500, for audio whose file is gone', async () => {
    const me = browser();
    const created = podcastSchema.parse(await (await create(article, { as: me })).json());
    const done = await waitUntilDone(created.id, { as: me });
    const row = await podcastById(ctx.db, done.id);
    await t.deps.audio.remove(row!.audioKey!);
    const res = await call(done.audioUrl!);
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('NOT_FOUND');
  });

  it('tries a failed podcast again once, however many retries arrive together', async () => {
    const me = browser();
    const created = podcastSchema.parse(await (await create(article, { as: me })).json());
    await waitUntilDone(created.id, { as: me });
    // The podcast reads ready a moment before its job row is closed; a retry waits for both.
    await expect.poll(() => hasLiveJob(ctx.db, created.id), { timeout: SAFETY_NET_MS }).toBe(false);
    await markPodcastFailed(ctx.db, created.id, 'We could not make the audio for this podcast. Please try again.');
    const jobsBefore = await countJobs(ctx.db, created.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(`/api/podcasts/${created.id}/retry`, { method: 'POST', as: me })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await countJobs(ctx.db, created.id)).toBe(jobsBefore + 1);
    expect((await waitUntilDone(created.id, { as: me })).status).toBe('ready');
  });

  it('moves an anonymous browser’s podcasts into the account it registers', async () => {
    const me = browser();
    const created = podcastSchema.parse(await (await create(article, { as: me })).json());
    const res = await call('/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email: `claim-${me}@example.com`, password: 'secret123' }),
      as: me,
    });
    expect(res.status).toBeLessThan(300);
    const { token } = (await res.json()) as { token: string };
    const list = (await (await call('/api/podcasts', { token })).json()) as { podcasts: Podcast[] };
    expect(list.podcasts.map((p) => p.id)).toEqual([created.id]);
    expect((await call(`/api/podcasts/${created.id}`, { as: me })).status).toBe(404);
  });

  it('gives the MP3 as a download named after the title to Premium members only', async () => {
    const me = browser();
    const created = podcastSchema.parse(await (await create({ ...article, title: 'Bees: a “story”' }, { as: me })).json());
    await waitUntilDone(created.id, { as: me });
    expect((await call(`/api/podcasts/${created.id}/download`, { as: me })).status).toBe(401);

    const reg = await call('/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email: `dl-${me}@example.com`, password: 'secret123' }),
      as: me,
    });
    const { token } = (await reg.json()) as { token: string };
    const res = await call(`/api/podcasts/${created.id}/download`, { token });
    // Billing is off in this app: every account is Premium.
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toContain('attachment;');
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toMatch(/\.mp3$/);
  });
});

describeEachDatabase('conversion limits', (ctx) => {
  // Every request here comes from the same (socketless) address: each test starts with fresh counts.
  beforeEach(() => clearRateLimits(ctx.db));

  it('stops an anonymous address at its daily limit with 429 and no job made', async () => {
    const t = createTestApp(ctx, { config: testConfig({ ANONYMOUS_DAILY_PODCASTS: '2' }) });
    const post = () =>
      t.app.request('/api/podcasts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: 'limit-browser-token-0001' },
        body: JSON.stringify(article),
      });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorBodySchema.parse(await refused.json()).error.message).toMatch(/today's limit of 2 podcasts/);
    expect(await countJobs(ctx.db)).toBe(2);
  });

  it('counts conversions made, not podcasts kept: deleting frees nothing, and racing requests do not slip through', async () => {
    const t = createTestApp(ctx, { config: testConfig({ ANONYMOUS_DAILY_PODCASTS: '3' }) });
    const me = 'race-browser-token-0001';
    const post = () =>
      t.app.request('/api/podcasts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: me },
        body: JSON.stringify(article),
      });
    const statuses = (await Promise.all(Array.from({ length: 8 }, post))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    const list = (await (await t.app.request('/api/podcasts', { headers: { [ANONYMOUS_TOKEN_HEADER]: me } })).json()) as { podcasts: Podcast[] };
    for (const p of list.podcasts) {
      await t.app.request(`/api/podcasts/${p.id}`, { method: 'DELETE', headers: { [ANONYMOUS_TOKEN_HEADER]: me } });
    }
    expect((await post()).status).toBe(429);
  });

  it('makes one podcast for one request key however often it arrives (a double click), counted once', async () => {
    const t = createTestApp(ctx, { config: testConfig({ ANONYMOUS_DAILY_PODCASTS: '2' }) });
    const me = `twice-browser-${Date.now()}`;
    const post = (requestKey: string) =>
      t.app.request('/api/podcasts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: me },
        body: JSON.stringify({ ...article, requestKey }),
      });
    const together = await Promise.all(Array.from({ length: 4 }, () => post('click-0001')));
    expect(together.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const ids = new Set(await Promise.all(together.map(async (r) => podcastSchema.parse(await r.json()).id)));
    expect(ids.size).toBe(1);
    // Sent again later (its answer was lost): the same podcast.
    const again = await post('click-0001');
    expect(podcastSchema.parse(await again.json()).id).toBe([...ids][0]);
    const mine = await podcastsOfBrowser(ctx.db, me);
    expect(mine.map((p) => p.id)).toEqual([...ids]);
    expect(await countJobs(ctx.db, mine[0]!.id)).toBe(1);
    // One of two allowed was used: another request makes one more, then the limit holds.
    expect((await post('click-0002')).status).toBe(201);
    expect((await post('click-0003')).status).toBe(429);
    expect((await post('bad key!')).status).toBe(400);
  });

  it('does not count a page that could not be read against the limit', async () => {
    const t = createTestApp(ctx, { config: testConfig({ ANONYMOUS_DAILY_PODCASTS: '1', FETCH_ALLOW_HOSTS: pages.host }) });
    const post = (body: unknown) =>
      t.app.request('/api/podcasts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: 'typo-browser-token-0001' },
        body: JSON.stringify(body),
      });
    expect((await post({ url: `${pages.url}/missing` })).status).toBe(422);
    expect((await post({ url: `${pages.url}/empty` })).status).toBe(422);
    expect((await post(article)).status).toBe(201);
    expect((await post(article)).status).toBe(429);
  });

  it('stops a free member at the configured limit when billing is on', async () => {
    const t = createTestApp(ctx, {
      config: testConfig({
        FREE_DAILY_PODCASTS: '1',
        ...BILLING_ON,
      }),
    });
    const reg = await t.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `free-${ctx.kind}@example.com`, password: 'secret123' }),
    });
    const { token } = (await reg.json()) as { token: string };
    const post = () =>
      t.app.request('/api/podcasts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(article),
      });
    expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json()).error.message).toContain('Upgrade to Premium');
  });
});

describeEachDatabase('a rename while the script is written', (ctx) => {
  it('keeps the member’s title instead of the written one', async () => {
    let release!: () => void;
    const writing = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const t = createTestApp(ctx, {
      scriptWriter: wholeScriptWriter(async () => {
        started = true;
        await writing;
        return { title: 'The Written Title', script: 'A short script.\nThanks for listening!', fallbackReason: null };
      }),
    });
    t.deps.jobs.start();
    try {
      const headers = { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: 'rename-browser-token-0001' };
      const created = podcastSchema.parse(
        await (await t.app.request('/api/podcasts', { method: 'POST', headers, body: JSON.stringify(article) })).json(),
      );
      await expect.poll(() => started, { timeout: SAFETY_NET_MS }).toBe(true);
      await t.app.request(`/api/podcasts/${created.id}`, { method: 'PATCH', headers, body: JSON.stringify({ title: 'My Own Title' }) });
      release();
      await expect
        .poll(async () => podcastSchema.parse(await (await t.app.request(`/api/podcasts/${created.id}`, { headers })).json()).status, {
          timeout: SAFETY_NET_MS,
        })
        .toBe('ready');
      const done = podcastSchema.parse(await (await t.app.request(`/api/podcasts/${created.id}`, { headers })).json());
      expect(done.title).toBe('My Own Title');
      const script = scriptResponseSchema.parse(await (await t.app.request(`/api/podcasts/${created.id}/script`, { headers })).json());
      expect(script).toEqual({ title: 'My Own Title', script: 'A short script.\nThanks for listening!' });
    } finally {
      await t.deps.jobs.stop();
    }
  });
});
