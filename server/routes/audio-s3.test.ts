/**
 * The product with AUDIO_STORE=s3, through the API, against a real S3-compatible server (s3rver on
 * loopback): a podcast's growing playlist and segments come from the bucket, the finished MP3 is
 * served with Range and HEAD, a delete empties the bucket of it, and a second server over the same
 * database and bucket (a restart, or another machine) serves the audio. Nothing lands on local disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { jobLog } from '../test/job-log.ts';
import { decodeMp3 } from '../test/mp3.ts';
import { id3TagSize } from '../machinery/audio/id3-chapters.ts';
import { countJobs, podcastById } from '../test/rows.ts';
import { startTestBucket, type TestBucket } from '../test/s3-bucket.ts';
import { pacedVoice, podcastClient } from '../test/voices.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const article = {
  title: 'The Lighthouse Keeper',
  text: Array.from(
    { length: 4 },
    (_, i) =>
      `Part ${i + 1}. The keeper climbed the stairs at dusk. The lamp turned slowly above the rocks. ` +
      'Ships passed far out on the dark water. In the morning he wrote the weather in the log.',
  ).join('\n'),
  sourceUrl: 'https://example.com/lighthouse',
};

const parsePlaylist = (text: string) => ({
  uris: [...text.matchAll(/#EXTINF:[\d.]+,\n(\S+)/g)].map((m) => m[1]!),
  ended: text.includes('#EXT-X-ENDLIST'),
});

describeEachDatabase('audio in an S3-compatible bucket', (ctx) => {
  let bucket: TestBucket;
  let anonymous = 0;
  const browser = () => `s3-${ctx.kind}-${++anonymous}-${Date.now()}`;
  const apps: { stop(): Promise<void> }[] = [];
  // One log for every server here: a job is claimed by whichever server's runner comes first.
  const { logger, runEnded } = jobLog();

  beforeAll(async () => {
    bucket = await startTestBucket(`pagecast-${ctx.kind}`);
  });
  // A test's servers stop with it: a runner left from an earlier test would claim this test's jobs.
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.stop();
  });
  afterAll(async () => {
    await bucket.close();
  });

  /** A server over the test database with AUDIO_STORE=s3 and a DATA_DIR of its own. */
  function server(speech: SpeechEngine, options: { jobs?: boolean } = {}) {
    // One client address makes every podcast here: lift the anonymous daily allowance.
    const t = createTestApp(ctx, { config: testConfig({ ...bucket.env, ANONYMOUS_DAILY_PODCASTS: '100' }), speech, logger });
    if (options.jobs !== false) t.deps.jobs.start();
    apps.push({ stop: () => t.deps.jobs.stop() });
    const { call, create, waitFor } = podcastClient(t, article);
    const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
    return { t, call, create, waitFor, bytes, runEnded };
  }

  const objectsOf = async (key: string) => (await bucket.objects()).filter((o) => o.name.startsWith(key));
  const relative = (base: string, uri: string) => {
    const url = new URL(uri, `http://x${base}`);
    return url.pathname + url.search;
  };

  it('keeps the episode in the bucket: segments while it is made, then one MP3 served with Range and HEAD', async () => {
    const { t, call, create, waitFor, bytes } = server(pacedVoice(espeak, { delayMs: 120 }));
    const who = browser();
    const { id } = await create(who);

    // Heard while it is made: the playlist's segments are objects `<key>/<seq>.mp3` in the bucket.
    const early = await waitFor(id, who, (p) => (p.audioSeconds ?? 0) > 0);
    expect(early.status).toBe('speaking');
    const key = (await podcastById(ctx.db, id))!.streamKey!;
    const growing = parsePlaylist(await (await call(early.streamUrl!)).text());
    expect(growing.ended).toBe(false);
    const segment0 = await call(relative(early.streamUrl!, growing.uris[0]!));
    expect(segment0.status).toBe(200);
    expect(segment0.headers.get('content-type')).toBe('audio/mpeg');
    const firstBytes = await bytes(segment0);
    expect((await decodeMp3(firstBytes)).durationMs).toBeGreaterThan(500);
    expect(await objectsOf(key)).toContainEqual({ name: `${key}/0.mp3`, size: firstBytes.length });

    const done = await waitFor(id, who, (p) => p.status === 'ready');
    const row = await podcastById(ctx.db, id);
    expect(row!.audioKey).toBe(key);
    // Joined into one object; the segment objects go right after the podcast is marked ready.
    await expect.poll(() => objectsOf(key), { timeout: SAFETY_NET_MS, interval: 100 }).toEqual([{ name: `${key}.mp3`, size: row!.audioBytes }]);
    const size = row!.audioBytes!;

    const whole = await call(done.audioUrl!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(size));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const mp3 = await bytes(whole);
    expect(mp3.length).toBe(size);
    const decoded = await decodeMp3(mp3);
    expect(decoded.errors).toBe(0);
    expect(Math.abs(decoded.durationMs / 1000 - done.durationSeconds!)).toBeLessThan(0.1);

    const ranged = await call(done.audioUrl!, undefined, { headers: { Range: 'bytes=1000-4999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-4999/${size}`);
    expect(ranged.headers.get('content-length')).toBe('4000');
    expect((await bytes(ranged)).equals(mp3.subarray(1000, 5000))).toBe(true);

    const tail = await call(done.audioUrl!, undefined, { headers: { Range: 'bytes=-700' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 700}-${size - 1}/${size}`);
    expect((await bytes(tail)).equals(mp3.subarray(size - 700))).toBe(true);

    const head = await call(done.audioUrl!, undefined, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect((await bytes(head)).length).toBe(0);
    expect((await call(done.audioUrl!, undefined, { headers: { Range: `bytes=${size}-` } })).status).toBe(416);

    // The finished playlist's segments are slices of that object, byte for byte.
    const final = parsePlaylist(await (await call(done.streamUrl!)).text());
    expect(final.ended).toBe(true);
    const parts = await Promise.all(final.uris.map(async (uri) => bytes(await call(relative(done.streamUrl!, uri)))));
    expect(parts[0]!.equals(firstBytes)).toBe(true);
    expect(Buffer.concat(parts).equals(mp3.subarray(id3TagSize(mp3)))).toBe(true); // the audio after the ID3 tag

    // Nothing of it is on this server's disk.
    expect(fs.existsSync(path.join(t.deps.config.dataDir, 'audio'))).toBe(false);
  });

  it('removes the objects of a deleted podcast, ready or still being made', async () => {
    const { call, create, waitFor, runEnded } = server(pacedVoice(espeak, { delayMs: 120 }));
    const who = browser();
    const ready = await create(who);
    await waitFor(ready.id, who, (p) => p.status === 'ready');
    const readyKey = (await podcastById(ctx.db, ready.id))!.audioKey!;
    await expect.poll(() => objectsOf(readyKey), { timeout: SAFETY_NET_MS, interval: 100 }).toHaveLength(1);
    expect((await call(`/api/podcasts/${ready.id}`, who, { method: 'DELETE' })).status).toBe(200);
    expect(await objectsOf(readyKey)).toEqual([]);

    const making = await create(who);
    await waitFor(making.id, who, (p) => (p.audioSeconds ?? 0) > 0);
    const key = (await podcastById(ctx.db, making.id))!.streamKey!;
    expect((await objectsOf(key)).length).toBeGreaterThan(0);
    expect((await call(`/api/podcasts/${making.id}`, who, { method: 'DELETE' })).status).toBe(200);
    // The job notices and removes what it wrote after the delete; once its run is over nothing
    // can write any more, and nothing is left.
    await expect.poll(() => runEnded(making.id), { timeout: SAFETY_NET_MS, interval: 50 }).toBe(true);
    expect(await countJobs(ctx.db, making.id)).toBe(0);
    expect(await objectsOf(key)).toEqual([]);
  });

  it('serves the audio from a second server over the same database and bucket', async () => {
    const first = server(espeak);
    const who = browser();
    const { id } = await first.create(who);
    const done = await first.waitFor(id, who, (p) => p.status === 'ready');
    const mp3 = await first.bytes(await first.call(done.audioUrl!));
    await first.t.deps.jobs.stop();

    // Its own DATA_DIR and signing key: the audio can only have come from the bucket.
    const second = server(espeak, { jobs: false });
    expect(second.t.deps.config.dataDir).not.toBe(first.t.deps.config.dataDir);
    const again = await second.call(`/api/podcasts/${id}/audio`, who);
    expect(again.status).toBe(200);
    expect((await second.bytes(again)).equals(mp3)).toBe(true);
    const ranged = await second.call(`/api/podcasts/${id}/audio`, who, { headers: { Range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect((await second.bytes(ranged)).equals(mp3.subarray(10, 20))).toBe(true);
    const playlist = parsePlaylist(await (await second.call(`/api/podcasts/${id}/stream.m3u8`, who)).text());
    expect(playlist.ended).toBe(true);
    const base = `/api/podcasts/${id}/stream.m3u8`;
    const parts = await Promise.all(playlist.uris.map(async (uri) => second.bytes(await second.call(relative(base, uri), who))));
    expect(Buffer.concat(parts).equals(mp3.subarray(id3TagSize(mp3)))).toBe(true); // the audio after the ID3 tag
  });
});
