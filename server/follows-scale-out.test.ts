/**
 * Followed feeds on one PostgreSQL with real processes: one `pagecast serve` takes the follow, two
 * `pagecast worker` processes share the checks, and the feed is fetched once per interval (never
 * twice in one), its items made into episodes once each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { followSchema } from '../shared/api/follows.ts';
import { podcastListSchema } from '../shared/api/podcasts.ts';
import { startFeedServer } from './test/feed-server.ts';
import { createScratchDatabase } from './test/postgres.ts';
import { killRolesAfterEach, startRole, stopRole } from './test/processes.ts';
import { PROCESSES_TEST_MS, SAFETY_NET_MS } from './test/wait.ts';

killRolesAfterEach();
const INTERVAL_SECONDS = 2;

describe.skipIf(!inject('postgresUrl'))('followed feeds with two workers on one PostgreSQL', () => {
  it('fetches a followed feed once per interval, whichever worker checks it', async () => {
    const scratch = await createScratchDatabase(inject('postgresUrl')!);
    const site = await startFeedServer(3);
    try {
      const env = {
        DATABASE_URL: scratch.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-follows-')),
        FETCH_ALLOW_HOSTS: site.host,
        FOLLOW_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      };
      const [web, w1, w2] = await Promise.all([startRole('serve', env), startRole('worker', env), startRole('worker', env)]);
      const reg = await fetch(`${web.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'follower@example.com', password: 'secret123' }),
      });
      const { token } = (await reg.json()) as { token: string };
      const auth = { Authorization: `Bearer ${token}` };
      const res = await fetch(`${web.base}/api/follows`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `${site.url}/feed.xml`, mode: 'read' }),
      });
      const body = await res.text();
      expect(res.status, body).toBe(201);
      followSchema.parse(JSON.parse(body));
      const discovery = site.requests('/feed.xml').length;

      // Five checks' worth of fetches, with both workers ticking all along.
      await expect.poll(() => site.requests('/feed.xml').length, { timeout: SAFETY_NET_MS, interval: 200 }).toBeGreaterThanOrEqual(discovery + 5);
      const checks = site.requests('/feed.xml').slice(discovery);
      const gaps = checks.slice(1).map((at, i) => at - checks[i]!);
      console.info(`feed checks ${INTERVAL_SECONDS * 1000} ms apart at least: ${gaps.join(', ')} ms`);
      // The interval holds however many workers there are (jitter only adds to it).
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL_SECONDS * 1000 * 0.95);

      // Each item made into one episode, not one per worker.
      await expect
        .poll(async () => podcastListSchema.parse(await (await fetch(`${web.base}/api/podcasts`, { headers: auth })).json()).podcasts.length, { timeout: SAFETY_NET_MS })
        .toBe(3);
      // Both workers took part, and neither fetched in the other's interval.
      const checked = [w1, w2].map((w) => w.log.filter((l) => l.includes('feed checked')).length);
      console.info(`feed checks per worker: ${checked.join(', ')}`);
      expect(await Promise.all([web, w1, w2].map(stopRole))).toEqual([0, 0, 0]);
    } finally {
      await site.close();
      await scratch.drop();
    }
  }, PROCESSES_TEST_MS);
});
