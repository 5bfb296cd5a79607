/**
 * A member's digest across follows, over the real app and a local site with two feeds (checked every
 * second here): `GET`/`PUT /api/follows/digest` read and set its hour; once the hour has come, one
 * episode is made of every follow's waiting items, a chapter each; a new item waits for the next
 * day; turned off, the waiting item is made on its own. Today's digest is held (taken in the
 * database, as a check takes it) until both follows hold their items, so the test does not depend on
 * which follow's first check comes first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memberDigestSchema, followListSchema, followSchema, type Follow } from '../../shared/api/follows.ts';
import { podcastListSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { releaseMemberDigestDay, takeMemberDigestDay } from '../repositories/follow-repository.ts';
import { findUserByEmail } from '../repositories/user-repository.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { LOG_ENTRIES, startFeedServer, type FeedServer } from '../test/feed-server.ts';
import { waitFor } from '../test/wait.ts';

describeEachDatabase('a member’s digest across follows', (ctx) => {
  let site: FeedServer;
  let t: ReturnType<typeof createTestApp>;
  let token = '';
  const email = `eve-digest-${ctx.kind}-${Date.now()}@example.com`;

  const call = (path: string, method = 'GET', body?: unknown) =>
    t.app.request(new URL(path, 'https://pagecast.test').href, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const podcasts = async (): Promise<Podcast[]> => podcastListSchema.parse(await (await call('/api/podcasts')).json()).podcasts;
  const follows = async (): Promise<Follow[]> => followListSchema.parse(await (await call('/api/follows')).json()).follows;
  const digest = async (method = 'GET', body?: unknown) => memberDigestSchema.parse(await (await call('/api/follows/digest', method, body)).json());
  const follow = async (url: string, mode?: 'read') => {
    const res = await call('/api/follows', 'POST', { url, ...(mode ? { mode } : {}) });
    expect(res.status).toBe(201);
    return followSchema.parse(await res.json());
  };
  const untilPodcasts = (done: (p: Podcast[]) => boolean) => waitFor(podcasts, done, 120_000);
  const afterChecks = async (n: number) => {
    const before = site.requests('/feed.xml').length;
    await waitFor(async () => site.requests('/feed.xml').length, (count) => count >= before + n, 60_000);
  };

  beforeAll(async () => {
    site = await startFeedServer(5);
    const config = testConfig({
      FETCH_ALLOW_HOSTS: site.host,
      FOLLOW_INTERVAL_SECONDS: '1',
      FETCHES_PER_HOUR: '500',
      PREMIUM_FETCHES_PER_HOUR: '500',
      PUBLIC_URL: 'https://pagecast.test',
    });
    t = createTestApp(ctx, { config });
    const res = await t.app.request('https://pagecast.test/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    token = ((await res.json()) as { token: string }).token;
    t.deps.jobs.start();
  });
  afterAll(async () => {
    await t.deps.jobs.stop();
    await site.close();
  });

  it('makes one episode a day of every follow’s waiting items, a chapter each; off, an item is made on its own', async () => {
    expect(await digest()).toEqual({ digestHour: null });
    expect((await call('/api/follows/digest', 'PUT', { digestHour: 24 })).status).toBe(400);
    expect((await call('/api/follows/digest', 'PUT', { hour: 7 })).status).toBe(400);
    const hour = new Date().getUTCHours();
    expect(await digest('PUT', { digestHour: hour })).toEqual({ digestHour: hour });
    expect(await digest()).toEqual({ digestHour: hour });

    const member = (await findUserByEmail(t.deps.db, email))!;
    const today = new Date().toISOString().slice(0, 10);
    expect(await takeMemberDigestDay(t.deps.db, member.id, today, hour)).toEqual({ previous: null });
    await follow(`${site.url}/feed.xml`, 'read');
    await follow(`${site.url}/log.xml`);
    await waitFor(follows, (f) => f.length === 2 && f.every((x) => x.lastCheckedAt !== null), 60_000);
    await afterChecks(1);
    expect(await podcasts()).toEqual([]);
    await releaseMemberDigestDay(t.deps.db, member.id, today, null);

    const [made] = await untilPodcasts((p) => p.length === 1 && p[0]!.status === 'ready');
    // The oldest first: the harbour's three newest items, then the log's entries.
    const titles = [...[3, 4, 5].map((n) => `Harbour news number ${n}`), ...LOG_ENTRIES.map((e) => e.title)];
    expect(made!.sources?.map((s) => s.title)).toEqual(titles);
    const transcript = transcriptSchema.parse(await (await call(`/api/podcasts/${made!.id}/transcript.json`)).json());
    expect(transcript.chapters.map((c) => c.title)).toEqual(titles);
    expect((await follows()).map((f) => f.error)).toEqual([null, null]);

    // One a day: a new item waits for the next day's.
    site.add(6);
    await afterChecks(2);
    expect(await podcasts()).toHaveLength(1);
    // Off: the follow's own way again, and the waiting item is made on its own.
    expect(await digest('PUT', { digestHour: null })).toEqual({ digestHour: null });
    const after = await untilPodcasts((p) => p.length === 2 && p.every((x) => x.status === 'ready'));
    expect(after.map((p) => p.sourceUrl)).toContain(`${site.url}/items/6`);
  });
});
