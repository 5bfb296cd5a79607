/**
 * A podcast's JSON never carries its script: a list of 50 podcasts with long scripts and articles
 * answers small, and the script is read on its own (`GET /api/podcasts/:id/script`), by its owner
 * only, or through the podcast's share link (`GET /api/shared/:token/script`) while it is shared.
 */
import { beforeAll, expect, it } from 'vitest';
import { podcastListSchema, podcastSchema, scriptResponseSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { insertPodcasts } from '../test/rows.ts';

const PODCASTS = 50;
/** Each script and article: 120,000 characters, half of what a page may send. */
const LONG = 120_000;
/** What one podcast may take in the list's JSON: its fields, never its texts. */
const MAX_BYTES_A_PODCAST = 2_000;

/** A long script whose every line names its podcast, so any of it in an answer shows (no capital S: a list once said "no script" without one). */
const scriptOf = (n: number) => {
  const line = `Podcast ${n} says the harbour wall held through the night, script-mark-${n}.`;
  return Array.from({ length: Math.ceil(LONG / (line.length + 1)) }, () => line).join('\n');
};
const SHARE_TOKEN = 'S'.repeat(32);

describeEachDatabase('the script, read on its own', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  const owner = `script-owner-${ctx.kind}-0001`;
  const stranger = `script-stranger-${ctx.kind}-01`;
  const call = (path: string, who: string | null, init: RequestInit = {}) =>
    t.app.request(path, { ...init, headers: { ...(who ? { [ANONYMOUS_TOKEN_HEADER]: who } : {}), ...(init.headers as Record<string, string>) } });

  beforeAll(async () => {
    t = createTestApp(ctx);
    const now = Date.now();
    await insertPodcasts(
      ctx.db,
      Array.from({ length: PODCASTS }, (_, n) => ({
        id: `long-${ctx.kind}-${n}`,
        anonymousToken: owner,
        title: `Long podcast ${n}`,
        content: scriptOf(n),
        articleText: `ARTICLE-MARK ${'The harbour article, read in full. '.repeat(LONG / 35)}`,
        status: 'ready',
        progress: 100,
        audioKey: `long-audio-${ctx.kind}-${n}`,
        durationMs: 3_600_000,
        // The first is shared; the last has no script yet.
        shareToken: n === 0 ? SHARE_TOKEN : null,
        ...(n === PODCASTS - 1 ? { content: '', status: 'queued', progress: 0, audioKey: null, durationMs: null } : {}),
        createdAt: new Date(now - n * 1000),
      })),
    );
  });

  it('answers a list of 50 long podcasts small, with whether each has a script and none of its text', async () => {
    const res = await call('/api/podcasts', owner);
    expect(res.status).toBe(200);
    const body = await res.text();
    // 12 MB of scripts and articles stored; the list is a few hundred bytes a podcast.
    expect(body.length).toBeLessThan(PODCASTS * MAX_BYTES_A_PODCAST);
    expect(body).not.toMatch(/script-mark|ARTICLE-MARK/);
    const { podcasts } = podcastListSchema.parse(JSON.parse(body));
    expect(podcasts).toHaveLength(PODCASTS);
    expect(podcasts.map((p) => p.hasScript)).toEqual(Array.from({ length: PODCASTS }, (_, n) => n !== PODCASTS - 1));
    expect(JSON.parse(body).podcasts[0]).not.toHaveProperty('content');

    const one = await (await call(`/api/podcasts/long-${ctx.kind}-3`, owner)).text();
    expect(one.length).toBeLessThan(MAX_BYTES_A_PODCAST);
    expect(podcastSchema.parse(JSON.parse(one))).toMatchObject({ title: 'Long podcast 3', hasScript: true });
  });

  it('gives the owner the whole script, and again only when it changed', async () => {
    const path = `/api/podcasts/long-${ctx.kind}-3/script`;
    const res = await call(path, owner);
    expect(res.status).toBe(200);
    expect(scriptResponseSchema.parse(await res.json())).toEqual({ title: 'Long podcast 3', script: scriptOf(3) });
    const etag = res.headers.get('etag')!;
    expect((await call(path, owner, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const none = await call(`/api/podcasts/long-${ctx.kind}-${PODCASTS - 1}/script`, owner);
    expect(scriptResponseSchema.parse(await none.json())).toEqual({ title: `Long podcast ${PODCASTS - 1}`, script: '' });
  });

  it('gives nobody else the script: another browser, no browser, or a share link that is not its own', async () => {
    const path = `/api/podcasts/long-${ctx.kind}-3/script`;
    const other = await call(path, stranger);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('script-mark');
    expect((await call(path, null)).status).toBe(401);
    expect(podcastListSchema.parse(await (await call('/api/podcasts', stranger)).json()).podcasts).toEqual([]);
    expect((await call(`/api/shared/${'T'.repeat(32)}/script`, null)).status).toBe(404);
  });

  it('gives the script through the share link of a shared podcast', async () => {
    const shared = await call(`/api/shared/${SHARE_TOKEN}`, null);
    expect(shared.status).toBe(200);
    expect(await shared.text()).not.toContain('script-mark');
    const res = await call(`/api/shared/${SHARE_TOKEN}/script`, null);
    expect(res.status).toBe(200);
    expect(scriptResponseSchema.parse(await res.json())).toEqual({ title: 'Long podcast 0', script: scriptOf(0) });
  });
});
