/**
 * NUL (U+0000) in what a client sends, at every entry point: free text loses it (and an unpaired
 * surrogate becomes U+FFFD), exact values (ids,
 * credentials, voices, addresses) are refused with 400 and a message saying why, never a 500, and a
 * refused request counts against no limit.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authResponseSchema } from '../../shared/api/auth.ts';
import { errorBodySchema } from '../../shared/api/error.ts';
import { NUL_IN_ADDRESS_MESSAGE } from '../../shared/api/nul.ts';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { bookmarkSchema } from '../../shared/api/premium.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { ARTICLE_PARAGRAPHS, startArticlePages, type ArticlePages } from '../test/article-pages.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { podcastById, userByEmail } from '../test/rows.ts';

let pages: ArticlePages;
beforeAll(async () => {
  pages = await startArticlePages();
});
afterAll(() => pages.close());

const NUL = '\u0000';

describeEachDatabase('NUL characters in requests', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let addresses = 0;
  beforeAll(() => {
    // One conversion a day per address: a refused request that was counted would use it up.
    t = createTestApp(ctx, { config: testConfig({ FETCH_ALLOW_HOSTS: pages.host, ANONYMOUS_DAILY_PODCASTS: '1' }) });
  });

  /** A client of its own: its own address (for the per-address limits) and anonymous browser token. */
  function client() {
    const address = `10.9.${ctx.kind === 'pglite' ? 1 : 2}.${++addresses}`;
    const browser = `nul-browser-${randomUUID()}`;
    const send = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
      const headers: Record<string, string> = { [ANONYMOUS_TOKEN_HEADER]: browser };
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      const body = init.body === undefined ? undefined : JSON.stringify(init.body);
      return t.app.request(path, { method: init.method ?? 'GET', headers, body }, { incoming: { socket: { remoteAddress: address } } });
    };
    return { send, browser };
  }
  const errorOf = async (res: Response) => errorBodySchema.parse(await res.json()).error;
  const article = { title: 'Bees', text: 'Bees see blue better than any other colour.', sourceUrl: 'https://example.com/bees' };

  it('stores half a character (an unpaired surrogate) as U+FFFD, keeping every character after it', async () => {
    const api = client();
    // After a non-ASCII character an unpaired low surrogate once cut the end off the stored text.
    const res = await api.send('/api/podcasts', {
      method: 'POST',
      body: { title: 'Bees \u00e9\udc00 and blue', text: 'Bees \u00e9\udc00 see blue.\nThey love \ud83d lavender \ud83d\udc1d.', sourceUrl: 'https://example.com/bees' },
    });
    expect(res.status).toBe(201);
    const created = podcastSchema.parse(await res.json());
    expect(created.title).toBe('Bees \u00e9\ufffd and blue');
    expect((await podcastById(ctx.db, created.id))!.articleText).toBe('Bees \u00e9\ufffd see blue.\nThey love \ufffd lavender \ud83d\udc1d.');
  });

  it('strips NUL from the title and text the extension sends, and makes the podcast', async () => {
    const api = client();
    const res = await api.send('/api/podcasts', {
      method: 'POST',
      body: { title: `Bees${NUL} and blue`, text: `Bees see blue${NUL} better.\nThey love${NUL} lavender.`, sourceUrl: 'https://example.com/bees' },
    });
    expect(res.status).toBe(201);
    const created = podcastSchema.parse(await res.json());
    expect(created.title).toBe('Bees and blue');
    expect((await podcastById(ctx.db, created.id))!.articleText).toBe('Bees see blue better.\nThey love lavender.');
  });

  it('converts a fetched page that holds NUL characters, without them', async () => {
    const api = client();
    const res = await api.send('/api/podcasts', { method: 'POST', body: { url: `${pages.url}/with-nul` } });
    expect(res.status).toBe(201);
    const created = podcastSchema.parse(await res.json());
    expect(created.title).toBe('Lighthouse Notes');
    const row = (await podcastById(ctx.db, created.id))!;
    expect(row.articleText).not.toContain(NUL);
    expect(row.articleText).toContain(ARTICLE_PARAGRAPHS[0]);
    // It was the address's one conversion of the day: counted once, as a conversion made.
    expect((await api.send('/api/podcasts', { method: 'POST', body: article })).status).toBe(429);
  });

  it.each([
    ['a voice', { ...article, voice: `en${NUL}` }, 'A voice cannot contain the NUL character (U+0000)'],
    ['a page address', { url: `https://example.com/a${NUL}b` }, 'Please enter a valid website URL starting with http:// or https://'],
    ['a source address', { ...article, sourceUrl: `https://example.com/${NUL}` }, 'Please enter a valid website URL starting with http:// or https://'],
    ['text that is nothing but NUL', { ...article, text: `${NUL}${NUL}` }, 'Could not extract readable content from the webpage'],
  ])('refuses NUL in %s with a 4xx and a clear message, and counts nothing', async (_name, body, message) => {
    const api = client();
    const refused = await api.send('/api/podcasts', { method: 'POST', body });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect((await errorOf(refused)).message).toBe(message);
    // The address's one conversion of the day is still there.
    expect((await api.send('/api/podcasts', { method: 'POST', body: article })).status).toBe(201);
  });

  it('strips NUL from a new title, and refuses a title that is nothing but NUL', async () => {
    const api = client();
    const { id } = podcastSchema.parse(await (await api.send('/api/podcasts', { method: 'POST', body: article })).json());
    const renamed = await api.send(`/api/podcasts/${id}`, { method: 'PATCH', body: { title: `My${NUL} bees` } });
    expect(renamed.status).toBe(200);
    expect(podcastSchema.parse(await renamed.json()).title).toBe('My bees');
    expect((await api.send(`/api/podcasts/${id}`, { method: 'PATCH', body: { title: NUL } })).status).toBe(400);
  });

  it.each([
    ['GET', '/api/podcasts/%00'],
    ['PATCH', '/api/podcasts/%00'],
    ['DELETE', '/api/podcasts/%00'],
    ['POST', '/api/podcasts/%00/retry'],
    ['PUT', '/api/podcasts/%00/position'],
    ['GET', '/api/podcasts/%00/events'],
    ['GET', '/api/podcasts/%00/audio'],
    ['GET', '/api/podcasts/abc/audio?t=%00'],
    ['GET', '/api/podcasts/%00/stream.m3u8'],
    ['GET', '/api/podcasts/%00/segments/0.mp3'],
    ['GET', '/api/podcasts/%00/bookmarks'],
    ['DELETE', '/api/podcasts/abc/bookmarks/%00'],
    ['POST', '/api/podcasts/%00/share'],
    ['GET', '/api/shared/%00'],
    ['GET', '/api/feed/%00/rss.xml'],
    ['GET', '/api/stripe/verify-session?session_id=%00'],
  ])('refuses %s %s with 400, not 500', async (method, path) => {
    const api = client();
    const body = ['PATCH', 'PUT'].includes(method) ? { title: 'x', positionSeconds: 1 } : undefined;
    const res = await api.send(path, { method, body });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: NUL_IN_ADDRESS_MESSAGE });
  });

  it('refuses NUL in an e-mail or a password at registration and sign-in, and strips it from a name', async () => {
    const api = client();
    const email = `nul-${randomUUID().slice(0, 8)}@example.com`;
    for (const path of ['/api/auth/register', '/api/auth/login']) {
      const badPassword = await api.send(path, { method: 'POST', body: { email, password: `secret${NUL}password` } });
      expect(badPassword.status).toBe(400);
      expect((await errorOf(badPassword)).message).toBe('A password cannot contain the NUL character (U+0000)');
      const badEmail = await api.send(path, { method: 'POST', body: { email: `nul${NUL}@example.com`, password: 'secret-password' } });
      expect(badEmail.status).toBe(400);
      expect((await errorOf(badEmail)).message).toBe('An email address cannot contain the NUL character (U+0000)');
    }
    const res = await api.send('/api/auth/register', { method: 'POST', body: { email, password: 'secret-password', name: `Ann${NUL} Lee` } });
    expect(res.status).toBe(201);
    expect(authResponseSchema.parse(await res.json()).user?.name).toBe('Ann Lee');
    expect((await userByEmail(ctx.db, email))?.name).toBe('Ann Lee');
  });

  it('strips NUL from a bookmark note, and refuses it in a default voice', async () => {
    const api = client();
    const reg = await api.send('/api/auth/register', {
      method: 'POST',
      body: { email: `nul-${randomUUID().slice(0, 8)}@example.com`, password: 'secret-password' },
    });
    const token = authResponseSchema.parse(await reg.json()).token!;
    const { id } = podcastSchema.parse(await (await api.send('/api/podcasts', { method: 'POST', body: article, token })).json());
    const marked = await api.send(`/api/podcasts/${id}/bookmarks`, { method: 'POST', body: { positionSeconds: 2, note: `The${NUL} keeper` }, token });
    expect(marked.status).toBe(201);
    expect(bookmarkSchema.parse(await marked.json()).note).toBe('The keeper');
    const voice = await api.send('/api/voices/default', { method: 'PUT', body: { voice: `en${NUL}` }, token });
    expect(voice.status).toBe(400);
    expect((await errorOf(voice)).message).toBe('A voice cannot contain the NUL character (U+0000)');
  });
});
