/**
 * The follows tests' world: the real app over a test database, members signed up by name, and a
 * local site with feeds (`startFeedServer`) that the app checks every second. Its hooks start both
 * before the suite's tests and stop them after.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { followListSchema, followSchema, type Follow } from '../../shared/api/follows.ts';
import { podcastListSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { createTestApp, testConfig } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { startFeedServer, type FeedServer } from './feed-server.ts';
import { waitFor } from './wait.ts';

export function useFollowsApp(ctx: TestDatabase, members: string[], settings: Record<string, string> = {}) {
  let site!: FeedServer;
  let t!: ReturnType<typeof createTestApp>;
  const tokens: Record<string, string> = {};
  const stamp = Date.now();
  const emailOf = (who: string) => `${who}-follows-${ctx.kind}-${stamp}@example.com`;

  const call = (who: string, path: string, method = 'GET', body?: unknown) =>
    t.app.request(new URL(path, 'https://pagecast.test').href, {
      method,
      headers: { Authorization: `Bearer ${tokens[who]}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const podcastsOf = async (who: string): Promise<Podcast[]> => podcastListSchema.parse(await (await call(who, '/api/podcasts')).json()).podcasts;
  const followsOf = async (who: string): Promise<Follow[]> => followListSchema.parse(await (await call(who, '/api/follows')).json()).follows;

  beforeAll(async () => {
    site = await startFeedServer(5);
    const config = testConfig({
      FETCH_ALLOW_HOSTS: site.host,
      FOLLOW_INTERVAL_SECONDS: '1',
      FETCHES_PER_HOUR: '500',
      PREMIUM_FETCHES_PER_HOUR: '500',
      PUBLIC_URL: 'https://pagecast.test',
      ...settings,
    });
    t = createTestApp(ctx, { config });
    for (const who of members) {
      const res = await t.app.request('https://pagecast.test/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: emailOf(who), password: 'secret123' }),
      });
      tokens[who] = ((await res.json()) as { token: string }).token;
    }
    t.deps.jobs.start();
  });
  afterAll(async () => {
    await t?.deps.jobs.stop();
    await site?.close();
  });

  return {
    get site() {
      return site;
    },
    get app() {
      return t.app;
    },
    get deps() {
      return t.deps;
    },
    emailOf,
    call,
    podcastsOf,
    followsOf,
    /** Follows as `who`, expecting 201. */
    async follow(who: string, body: unknown): Promise<Follow> {
      const res = await call(who, '/api/follows', 'POST', body);
      expect(res.status).toBe(201);
      return followSchema.parse(await res.json());
    },
    untilPodcasts: (who: string, done: (p: Podcast[]) => boolean) => waitFor(() => podcastsOf(who), done),
    /** Waits for `n` more fetches of the feed than now: checks that had the chance to make something. */
    async afterChecks(n: number) {
      const before = site.requests('/feed.xml').length;
      await waitFor(async () => site.requests('/feed.xml').length, (count) => count >= before + n);
    },
  };
}
