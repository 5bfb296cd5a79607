/**
 * Held playlists are capped per podcast and per client: a playlist asked for before the first part
 * is held (waiting for it) only within the caps; past them it is answered at once with 503 and
 * Retry-After, which players retry. No job runs here, so the held ones wait until their requests end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { prose } from '../test/pdf-document.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

describe('held playlists', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    t = createTestApp(database, { config: testConfig({ PLAYLISTS_PER_PODCAST: '3', PLAYLISTS_PER_CLIENT: '5' }) });
  });
  afterAll(async () => {
    await database.close();
  });

  const who = 'playlist-visitor-browser';
  const create = async () => {
    const created = await t.app.request('/api/podcasts', {
      method: 'POST',
      headers: { [ANONYMOUS_TOKEN_HEADER]: who, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Waiting', text: prose(4, 3), sourceUrl: 'https://example.com/a', mode: 'read' }),
    });
    return podcastSchema.parse(await created.json());
  };

  it('holds playlists up to the cap per podcast and per client, answers the rest at once, and frees a place when one ends', async () => {
    const [a, b] = [await create(), await create()];
    const held: { abort: AbortController; answer: Promise<Response> }[] = [];
    const ask = (podcast: { streamUrl: string | null }, signal?: AbortSignal) =>
      t.app.request(podcast.streamUrl!, { headers: { [ANONYMOUS_TOKEN_HEADER]: who }, ...(signal ? { signal } : {}) });
    const holdOn = (podcast: { streamUrl: string | null }) => {
      const abort = new AbortController();
      const answer = Promise.resolve(ask(podcast, abort.signal));
      let settled = false;
      void answer.finally(() => (settled = true)).catch(() => {});
      held.push({ abort, answer });
      return () => settled;
    };
    const settledA = [holdOn(a), holdOn(a), holdOn(a)];
    await expect.poll(() => t.deps.playlistHolds.size, { timeout: SAFETY_NET_MS }).toBe(3);
    // The podcast's fourth is not held: answered at once, while the three still wait.
    const fourth = await ask(a);
    expect(fourth.status).toBe(503);
    expect(fourth.headers.get('retry-after')).toBe('1');
    expect(settledA.some((settled) => settled())).toBe(false);
    // The client's cap (five) counts across podcasts: two more on b are held, the next is not.
    const settledB = [holdOn(b), holdOn(b)];
    await expect.poll(() => t.deps.playlistHolds.size, { timeout: SAFETY_NET_MS }).toBe(5);
    expect((await ask(b)).status).toBe(503);
    expect(settledB.some((settled) => settled())).toBe(false);
    // One held request ends: its place is free again.
    held[0]!.abort.abort();
    await held[0]!.answer.catch(() => {});
    expect(t.deps.playlistHolds.size).toBe(4);
    const again = holdOn(b);
    await expect.poll(() => t.deps.playlistHolds.size, { timeout: SAFETY_NET_MS }).toBe(5);
    expect((await ask(b)).status).toBe(503);
    expect(again()).toBe(false);
    for (const h of held) h.abort.abort();
    await Promise.allSettled(held.map((h) => h.answer));
  });
});
