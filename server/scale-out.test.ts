/**
 * Scale-out on one PostgreSQL with real processes: `pagecast serve` answers the API and runs no job,
 * `pagecast worker` runs jobs and serves no API (only its health port); a browser following a
 * podcast through one web process sees, live, what a worker does; and a rolling restart of every
 * process (SIGTERM, start again) while jobs run loses no job and runs none twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { podcastSchema, type Podcast, type PodcastEvent } from '../shared/api/podcasts.ts';
import { followPodcast } from '../shared/client/follow-podcast.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../shared/constants.ts';
import { createScratchDatabase, query } from './test/postgres.ts';
import { killRolesAfterEach, startRole, stopRole, type RoleProcess } from './test/processes.ts';
import { PROCESSES_TEST_MS, SAFETY_NET_MS } from './test/wait.ts';

const BROWSER = 'scale-out-test-browser-token';
killRolesAfterEach();

const article = (paragraphs: number) =>
  Array.from(
    { length: paragraphs },
    (_, i) => `Paragraph ${i + 1} tells how the harbour changed over the years, and why the fishermen of the town still meet at dawn to mend their nets and trade their stories.`,
  ).join('\n');

async function createPodcast(base: string, title: string, paragraphs: number): Promise<Podcast> {
  const res = await fetch(`${base}/api/podcasts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: BROWSER },
    body: JSON.stringify({ title, text: article(paragraphs), sourceUrl: 'https://example.com/harbour' }),
  });
  expect(res.status).toBe(201);
  return podcastSchema.parse(await res.json());
}

async function getPodcast(base: string, id: string): Promise<Podcast> {
  const res = await fetch(`${base}/api/podcasts/${id}`, { headers: { [ANONYMOUS_TOKEN_HEADER]: BROWSER } });
  return podcastSchema.parse(await res.json());
}

/** Follows a podcast through `base()`'s event stream as the clients do (shared/client), reconnecting. */
function follow(base: () => string, id: string, signal: AbortSignal) {
  const events: { event: PodcastEvent }[] = [];
  let opens = 0;
  const done = followPodcast(
    {
      openEvents: (podcastId, options) => {
        opens++;
        return fetch(`${base()}/api/podcasts/${podcastId}/events`, { ...options, headers: { [ANONYMOUS_TOKEN_HEADER]: BROWSER } });
      },
    },
    id,
    { signal, reconnectDelaysMs: [200], onEvent: (event) => void events.push({ event }) },
  );
  return { events, done, opens: () => opens };
}

describe.skipIf(!inject('postgresUrl'))('pagecast serve and pagecast worker on one PostgreSQL', () => {
  it('serve runs no job and worker serves no API; its health port answers, and a web process follows its job live', async () => {
    const scratch = await createScratchDatabase(inject('postgresUrl')!);
    try {
      const env = { DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-roles-')) };
      // The web process reads its followed podcasts again only hourly: what its one stream tells, the
      // database's notifications carried from the worker.
      const web = await startRole('serve', { ...env, EVENT_STREAMS_REREAD_SECONDS: '3600' });
      const created = await createPodcast(web.base, 'Harbour', 6);
      // With no worker running, the job waits in the queue: the web process runs none.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await query(scratch.url, 'SELECT status, attempts FROM jobs')).toEqual([{ status: 'queued', attempts: 0 }]);
      expect((await getPodcast(web.base, created.id)).status).toBe('queued');

      const stopFollowing = new AbortController();
      const follower = follow(() => web.base, created.id, stopFollowing.signal);
      const worker = await startRole('worker', env);
      const health = await fetch(`http://127.0.0.1:${worker.healthPort}/`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, role: 'worker', database: 'postgres' });
      // The worker listens on no API port.
      await expect(fetch(`http://127.0.0.1:${worker.port}/api/health`)).rejects.toThrow();

      const final = await follower.done;
      expect(final.status).toBe('ready');
      const seen = follower.events.map((e) => e.event);
      expect(seen.some((e) => e.status === 'speaking' && e.progress > 0 && e.progress < 100)).toBe(true);
      // Every event crossed from the worker to the web process by the database's notification: the
      // stream was opened once (no reconnect read the state afresh) and no reread ran meanwhile.
      expect(follower.opens()).toBe(1);
      await expect.poll(() => query(scratch.url, 'SELECT status, attempts FROM jobs'), { timeout: SAFETY_NET_MS }).toEqual([{ status: 'done', attempts: 1 }]);

      expect(await stopRole(worker)).toBe(0);
      await expect(fetch(`http://127.0.0.1:${worker.healthPort}/`)).rejects.toThrow();
      expect(await stopRole(web)).toBe(0);
    } finally {
      await scratch.drop();
    }
  }, PROCESSES_TEST_MS);

  it('a rolling restart of two web processes and two workers while jobs run loses no job and runs none twice', async () => {
    const scratch = await createScratchDatabase(inject('postgresUrl')!);
    try {
      // One machine: the processes share DATA_DIR, where the audio is.
      const env = { DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-rollout-')) };
      let [a, b, w1, w2] = await Promise.all([startRole('serve', env), startRole('serve', env), startRole('worker', env), startRole('worker', env)]);
      const podcasts: Podcast[] = [];
      for (let i = 0; i < 6; i++) podcasts.push(await createPodcast(a!.base, `Harbour ${i}`, 30));
      // Every podcast is followed through web process B, across its restart.
      const stopFollowing = new AbortController();
      const followers = podcasts.map((p) => follow(() => b!.base, p.id, stopFollowing.signal));

      // The jobs each worker was speaking when it was stopped.
      const speakingWhenStopped: string[] = [];
      const restartWorker = async (worker: RoleProcess) => {
        // Stopped while it speaks, early enough that the job is not finishing (its last segments, its
        // MP3 closed) by the time SIGTERM lands, so its job goes back to the queue partway.
        const pid = worker.child.pid!;
        const speaking = "SELECT j.id FROM jobs j JOIN podcasts p ON p.id = j.podcast_id WHERE j.status = 'running' AND j.locked_by LIKE $1 AND p.made_ms > 0 AND p.progress < 60";
        let ids: string[] = [];
        await expect
          .poll(async () => (ids = (await query<{ id: string }>(scratch.url, speaking, [`${pid}-%`])).map((j) => j.id)), { timeout: SAFETY_NET_MS, interval: 50 })
          .not.toEqual([]);
        speakingWhenStopped.push(...ids);
        expect(await stopRole(worker)).toBe(0);
        return startRole('worker', env, { port: worker.port, healthPort: worker.healthPort! });
      };
      const before = [w1!, w2!];
      w1 = await restartWorker(w1!);
      w2 = await restartWorker(w2!);
      const restartWeb = async (web: RoleProcess) => {
        expect(await stopRole(web)).toBe(0);
        return startRole('serve', env, { port: web.port });
      };
      a = await restartWeb(a!);
      b = await restartWeb(b!);

      const finals = await Promise.all(followers.map((f) => f.done));
      expect(finals.map((f) => f.status)).toEqual(podcasts.map(() => 'ready'));
      for (const f of followers) {
        expect(f.events.some((e) => e.event.status === 'speaking' || e.event.status === 'writing')).toBe(true);
      }
      for (const p of podcasts) {
        const done = await getPodcast(a.base, p.id);
        expect(done).toMatchObject({ status: 'ready', progress: 100 });
        expect((await fetch(`${a.base}${done.audioUrl}`)).status).toBe(200);
      }
      // One job each, done; a job handed back at SIGTERM does not count the attempt it lost.
      const jobs = await query<{ podcast_id: string; status: string; attempts: number }>(scratch.url, 'SELECT podcast_id, status, attempts FROM jobs');
      expect(jobs).toHaveLength(podcasts.length);
      expect(new Set(jobs.map((j) => j.podcast_id)).size).toBe(podcasts.length);
      expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      // Each worker handed back the job it was speaking (at SIGTERM, or by yielding its slot to a waiting
      // job just before it), and another run resumed it after its last segment.
      const logs = [...before, w1, w2].flatMap((w) => w.log);
      const handedBack = (id: string) => logs.some((l) => l.includes(id) && (l.includes('job interrupted by shutdown') || l.includes('job yielded its slot')));
      expect(speakingWhenStopped.length).toBeGreaterThanOrEqual(2);
      for (const id of speakingWhenStopped) expect(handedBack(id), logs.join('\n')).toBe(true);
      expect(logs.filter((l) => l.includes('speech resumes after the last stored segment')).length).toBeGreaterThanOrEqual(2);
      // One finished episode per podcast and nothing else left on disk.
      const files = fs.readdirSync(path.join(env.DATA_DIR, 'audio'), { recursive: true }).map(String);
      expect(files.filter((f) => f.endsWith('.mp3')).sort()).toHaveLength(podcasts.length);
      expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);

      stopFollowing.abort();
      expect(await Promise.all([a, b, w1, w2].map(stopRole))).toEqual([0, 0, 0, 0]);
    } finally {
      await scratch.drop();
    }
  }, PROCESSES_TEST_MS);
});
