/**
 * Several machines, for real: two `pagecast serve` processes (web A and web B) and two
 * `pagecast worker` processes on one scratch PostgreSQL and one S3-compatible bucket (s3rver on
 * loopback, AUDIO_STORE=s3). A podcast made through A is followed live through B's event stream; the
 * worker making it is killed with SIGKILL once it has stored audio, the other worker takes the job
 * over when the lease runs out, and the finished episode, one valid MP3 in the bucket, is served
 * the same by A and B with Range.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { podcastSchema, type Podcast, type PodcastEvent } from '../shared/api/podcasts.ts';
import { followPodcast } from '../shared/client/follow-podcast.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../shared/constants.ts';
import { decodeMp3 } from './test/mp3.ts';
import { createScratchDatabase, query } from './test/postgres.ts';
import { startTestBucket } from './test/s3-bucket.ts';
import { killRolesAfterEach, startRole, stopRole, TEST_LEASE_SECONDS } from './test/processes.ts';
import { PROCESSES_TEST_MS, SAFETY_NET_MS } from './test/wait.ts';

const BROWSER = 'scale-out-s3-test-browser-token';
killRolesAfterEach();

const article = (paragraphs: number) =>
  Array.from(
    { length: paragraphs },
    (_, i) => `Paragraph ${i + 1} tells how the harbour changed over the years, and why the fishermen of the town still meet at dawn to mend their nets and trade their stories.`,
  ).join('\n');

async function getPodcast(base: string, id: string): Promise<Podcast> {
  const res = await fetch(`${base}/api/podcasts/${id}`, { headers: { [ANONYMOUS_TOKEN_HEADER]: BROWSER } });
  return podcastSchema.parse(await res.json());
}

describe.skipIf(!inject('postgresUrl'))('two web processes and two workers on one PostgreSQL and one S3 bucket', () => {
  it('a podcast made through A is followed live through B, survives a SIGKILLed worker, and A and B serve the same audio from the bucket', async () => {
    const scratch = await createScratchDatabase(inject('postgresUrl')!);
    const bucket = await startTestBucket('pagecast-scale-out');
    const s3 = new S3Client({
      endpoint: bucket.settings.endpoint,
      region: bucket.settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: bucket.settings.accessKeyId!, secretAccessKey: bucket.settings.secretAccessKey! },
    });
    const stopFollowing = new AbortController();
    try {
      // Each process has a DATA_DIR of its own: the audio can only be shared through the bucket.
      const env = (name: string) => ({ DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `pagecast-s3-${name}-`)), JOB_LEASE_SECONDS: TEST_LEASE_SECONDS, ...bucket.env });
      const [a, b, w1, w2] = await Promise.all([startRole('serve', env('a')), startRole('serve', env('b')), startRole('worker', env('w1')), startRole('worker', env('w2'))]);

      const res = await fetch(`${a!.base}/api/podcasts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: BROWSER },
        body: JSON.stringify({ title: 'Harbour', text: article(80), sourceUrl: 'https://example.com/harbour' }),
      });
      expect(res.status).toBe(201);
      const { id } = podcastSchema.parse(await res.json());

      // Followed through B's event stream, as the clients do (reconnecting if it drops).
      const events: PodcastEvent[] = [];
      const followed = followPodcast(
        { openEvents: (podcastId, options) => fetch(`${b!.base}/api/podcasts/${podcastId}/events`, { ...options, headers: { [ANONYMOUS_TOKEN_HEADER]: BROWSER } }) },
        id,
        { signal: stopFollowing.signal, reconnectDelaysMs: [200], onEvent: (event) => void events.push(event) },
      );

      // Once the job runs and some audio is in the bucket, kill the worker running it, no goodbye.
      await expect.poll(async () => (await getPodcast(a!.base, id)).audioSeconds ?? 0, { timeout: SAFETY_NET_MS, interval: 50 }).toBeGreaterThan(0);
      const [running] = await query<{ locked_by: string }>(scratch.url, "SELECT locked_by FROM jobs WHERE podcast_id = $1 AND status = 'running'", [id]);
      expect(running).toBeDefined();
      const workers = [w1!, w2!];
      const victim = workers.find((w) => running!.locked_by.startsWith(`${w.child.pid}-`));
      expect(victim, `a worker holds the lease ${running!.locked_by}`).toBeDefined();
      const survivor = workers.find((w) => w !== victim)!;
      expect((await getPodcast(a!.base, id)).status).not.toBe('ready');
      victim!.child.kill('SIGKILL');
      await victim!.exited;

      // The other worker takes the job over when the lease runs out, and finishes it.
      const final = await followed;
      expect(final.status).toBe('ready');
      expect(events.some((e) => e.status === 'speaking' && e.progress > 0 && e.progress < 100)).toBe(true);
      expect(events.at(-1)).toMatchObject({ status: 'ready', progress: 100 });
      // Made once: one job, done (the worker marks it done just after the podcast is ready).
      await expect.poll(() => query(scratch.url, 'SELECT podcast_id, status FROM jobs'), { timeout: SAFETY_NET_MS, interval: 100 }).toEqual([{ podcast_id: id, status: 'done' }]);
      expect(await query(scratch.url, 'SELECT status FROM podcasts')).toEqual([{ status: 'ready' }]);
      // The survivor resumed the episode after the last segment the killed worker stored, and finished it.
      expect(survivor.log.some((l) => l.includes('speech resumes after the last stored segment') && l.includes(id))).toBe(true);
      // Logged once the job's close has committed and its segments are cleared.
      await expect.poll(() => survivor.log.some((l) => l.includes('"job done"') && l.includes(id)), { timeout: SAFETY_NET_MS, interval: 100 }).toBe(true);
      expect(victim!.log.some((l) => l.includes('"job done"'))).toBe(false);

      // One object for the episode in the bucket once the segments are cleaned up.
      const [row] = await query<{ audio_key: string; audio_bytes: number }>(scratch.url, 'SELECT audio_key, audio_bytes::int AS audio_bytes FROM podcasts WHERE id = $1', [id]);
      const key = row!.audio_key;
      await expect
        .poll(async () => (await bucket.objects()).filter((o) => o.name.startsWith(key)), { timeout: SAFETY_NET_MS, interval: 200 })
        .toEqual([{ name: `${key}.mp3`, size: row!.audio_bytes }]);
      const stored = Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: bucket.settings.bucket, Key: `${key}.mp3` }))).Body!.transformToByteArray());
      const size = stored.length;
      const decoded = await decodeMp3(new Uint8Array(stored));
      expect(decoded.errors).toBe(0);
      expect(Math.abs(decoded.durationMs / 1000 - final.durationSeconds!)).toBeLessThan(0.1);

      // A and B serve it the same, with Range, from the bucket.
      const ranges = [`bytes=1000-${size - 1001}`, 'bytes=-700', 'bytes=0-'];
      for (const range of ranges) {
        const bodies: Buffer[] = [];
        for (const web of [a!, b!]) {
          const done = await getPodcast(web.base, id);
          const got = await fetch(`${web.base}${done.audioUrl}`, { headers: { Range: range, [ANONYMOUS_TOKEN_HEADER]: BROWSER } });
          expect(got.status).toBe(206);
          bodies.push(Buffer.from(await got.arrayBuffer()));
          const [from, to] = range === 'bytes=-700' ? [size - 700, size - 1] : range === 'bytes=0-' ? [0, size - 1] : [1000, size - 1001];
          expect(got.headers.get('content-range')).toBe(`bytes ${from}-${to}/${size}`);
          expect(bodies.at(-1)!.equals(stored.subarray(from, to + 1))).toBe(true);
        }
        expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
      }

      stopFollowing.abort();
      expect(await Promise.all([a!, b!, survivor].map(stopRole))).toEqual([0, 0, 0]);
    } finally {
      stopFollowing.abort();
      s3.destroy();
      await bucket.close();
      await scratch.drop();
    }
  }, PROCESSES_TEST_MS);
});
