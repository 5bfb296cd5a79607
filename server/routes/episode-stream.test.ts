/**
 * Listening while the episode is made, through the API as a player uses it: the growing HLS
 * playlist and its segments (signed, no cookie), the finished MP3 that is the same audio, a delete
 * while it is made, and a voice that fails for good partway.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { id3TagSize } from '../machinery/audio/id3-chapters.ts';
import { measureLoudness, TARGET_LUFS } from '../machinery/audio/loudness-meter.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { createTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { jobLog } from '../test/job-log.ts';
import { decodeMp3 } from '../test/mp3.ts';
import { countJobs, podcastById, segmentsOf } from '../test/rows.ts';
import { pacedVoice, podcastClient } from '../test/voices.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const paragraphs = Array.from(
  { length: 5 },
  (_, i) =>
    `Part ${i + 1}. The ferry left the harbour at dawn. Gulls followed it out past the breakwater. ` +
    'The captain kept the old route along the cliffs. Passengers watched the town grow small behind them.',
);
const article = { title: 'The Morning Ferry', text: paragraphs.join('\n'), sourceUrl: 'https://example.com/ferry' };

const parsePlaylist = (text: string) => ({
  segments: [...text.matchAll(/#EXTINF:([\d.]+),\n(\S+)/g)].map((m) => ({ seconds: Number(m[1]), uri: m[2]! })),
  ended: text.includes('#EXT-X-ENDLIST'),
});

describeEachDatabase('an episode heard while it is made', (ctx) => {
  let anonymous = 0;
  const browser = () => `stream-${ctx.kind}-${++anonymous}-${Date.now()}`;

  function app(speech: SpeechEngine) {
    const { logger, runEnded } = jobLog();
    const t = createTestApp(ctx, { speech, logger });
    t.deps.jobs.start();
    return { t, runEnded, ...podcastClient(t, article), stop: () => t.deps.jobs.stop() };
  }

  let paced: ReturnType<typeof app>;
  beforeAll(() => {
    paced = app(pacedVoice(espeak, { delayMs: 120 }));
  });
  afterAll(() => paced.stop());

  // The safety net past the config's 120 s: the whole episode is made, which took longer at a load of 20.
  it('serves a growing playlist a player can start on, and the finished MP3 is the same audio', { timeout: 300_000 }, async () => {
    const { call, create, waitFor } = paced;
    const who = browser();
    const { id, streamUrl, audioSeconds } = await create(who);

    // The create answer already says where the episode will play, before anything of it is made; asked
    // for at once, the playlist waits for the first part (up to FIRST_PART_WAIT_MS), and one not made by
    // then (a loaded machine) is "not yet" with Retry-After, which a player asks again on, as here.
    expect(streamUrl).toMatch(/^\/api\/podcasts\/[^/]+\/stream\.m3u8\?t=/);
    expect(audioSeconds ?? 0).toBe(0);
    let atOnce = await call(streamUrl!);
    for (let asked = 1; atOnce.status === 503 && asked < 30; asked++) {
      expect(atOnce.headers.get('retry-after')).toBe('1');
      expect(await atOnce.text()).toBe('The first part of this episode is still being made.');
      atOnce = await call(streamUrl!);
    }
    expect(atOnce.status).toBe(200);
    const firstPlaylist = parsePlaylist(await atOnce.text());
    expect(firstPlaylist.segments.length).toBeGreaterThan(0);
    expect(firstPlaylist.ended).toBe(false);

    // Playable long before it is ready: a playlist of type EVENT, not yet ended, opened without a cookie.
    const early = await waitFor(id, who, (p) => (p.audioSeconds ?? 0) > 0);
    expect(early.status).toBe('speaking');
    expect(early.audioUrl).toBeNull();
    expect(early.audioSeconds).toBeGreaterThan(0);
    expect(early.estimatedSeconds!).toBeGreaterThan(early.audioSeconds!);
    const first = await call(early.streamUrl!);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const growing = await first.text();
    expect(growing).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(parsePlaylist(growing).ended).toBe(false);
    const segmentUrl = (uri: string) => new URL(uri, `http://x${early.streamUrl}`).pathname + new URL(uri, `http://x${early.streamUrl}`).search;
    const segment0 = await call(segmentUrl(parsePlaylist(growing).segments[0]!.uri));
    expect(segment0.status).toBe(200);
    expect(segment0.headers.get('content-type')).toBe('audio/mpeg');
    const firstBytes = new Uint8Array(await segment0.arrayBuffer());
    expect((await decodeMp3(firstBytes)).durationMs).toBeGreaterThan(500);

    // A wrong token opens nothing.
    expect((await call(early.streamUrl!.replace(/t=[^&]+/, 't=1.AAAA'))).status).toBe(404);

    const done = await waitFor(id, who, (p) => p.status === 'ready');
    const final = parsePlaylist(await (await call(done.streamUrl!)).text());
    expect(final.ended).toBe(true);
    // The segments, now cut from the finished file, join into exactly the MP3 a download gets, after its ID3 tag.
    const parts = await Promise.all(final.segments.map(async (s) => new Uint8Array(await (await call(segmentUrl(s.uri))).arrayBuffer())));
    expect(parts[0]).toEqual(firstBytes);
    const joined = Buffer.concat(parts);
    const mp3 = Buffer.from(await (await call(done.audioUrl!)).arrayBuffer());
    expect(id3TagSize(mp3)).toBeGreaterThan(0);
    expect(joined.equals(mp3.subarray(id3TagSize(mp3)))).toBe(true);
    const audio = await decodeMp3(mp3);
    expect(audio.errors).toBe(0);
    // As loud as the podcasts beside it, without clipping.
    const loudness = measureLoudness(audio.samples, audio.sampleRate);
    expect(Math.abs(loudness.integratedLufs - TARGET_LUFS)).toBeLessThanOrEqual(1);
    expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
    const listed = final.segments.reduce((n, s) => n + s.seconds, 0);
    expect(Math.abs(listed - done.durationSeconds!)).toBeLessThan(0.2);
    expect(Math.abs(audio.durationMs / 1000 - done.durationSeconds!)).toBeLessThan(0.1);
    expect(done.audioSeconds).toBe(done.durationSeconds);
    // Every sentence was timed once, in order, and ends inside the audio.
    const row = await podcastById(ctx.db, id);
    const cues = (await segmentsOf(ctx.db, row!.audioKey!)).flatMap((s) => s.cues);
    expect(cues.map((c) => c.index)).toEqual(cues.map((_, i) => i));
    expect(cues.at(-1)!.endMs).toBeLessThanOrEqual(done.durationSeconds! * 1000);
    // The segment files go once the whole file is written (just after the podcast is marked ready).
    const segmentsDir = path.join(paced.t.deps.config.dataDir, 'audio', row!.audioKey!);
    await expect.poll(() => fs.existsSync(segmentsDir), { timeout: SAFETY_NET_MS }).toBe(false);
    // A segment asked for in the moment its own file is still there is still the finished episode's slice.
    fs.mkdirSync(segmentsDir, { recursive: true });
    fs.writeFileSync(path.join(segmentsDir, '0.mp3'), 'not the episode');
    expect(new Uint8Array(await (await call(segmentUrl(final.segments[0]!.uri))).arrayBuffer())).toEqual(firstBytes);
    fs.rmSync(segmentsDir, { recursive: true, force: true });
  });

  it('stops the job and removes the segments when the podcast is deleted while it is made', async () => {
    const { call, create, waitFor, runEnded, t } = paced;
    const who = browser();
    const { id } = await create(who);
    await waitFor(id, who, (p) => (p.audioSeconds ?? 0) > 0);
    const key = (await podcastById(ctx.db, id))!.streamKey!;
    expect((await call(`/api/podcasts/${id}`, who, { method: 'DELETE' })).status).toBe(200);

    // The job notices and stops; once its run is over nothing can write any more, and nothing is left.
    await expect.poll(() => runEnded(id), { timeout: SAFETY_NET_MS, interval: 50 }).toBe(true);
    expect(await countJobs(ctx.db, id)).toBe(0);
    const folder = path.join(t.deps.config.dataDir, 'audio', key);
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.readdirSync(path.join(t.deps.config.dataDir, 'audio')).filter((f) => f.startsWith(key))).toEqual([]);
    expect(await segmentsOf(ctx.db, key)).toEqual([]);
  });

  it('keeps the part made playable, labelled unfinished, when the voice fails for good', async () => {
    await paced.stop(); // its job runner would take this podcast too, with a voice that does not fail
    const failing = app(pacedVoice(espeak, { delayMs: 20, failAfter: 6 }));
    try {
      const who = browser();
      const { id } = await failing.create(who);
      const failed = await failing.waitFor(id, who, (p) => p.status === 'failed');
      expect(failed.error).toMatch(/part made so far can still be played/);
      expect(failed.audioUrl).toBeNull();
      expect(failed.streamUrl).not.toBeNull();
      const playlist = parsePlaylist(await (await failing.call(failed.streamUrl!)).text());
      expect(playlist.ended).toBe(true);
      expect(playlist.segments.length).toBeGreaterThan(0);
      expect(failed.audioSeconds!).toBeGreaterThan(1);
      // No partial files are left when the job ends.
      const leftovers = fs.readdirSync(path.join(failing.t.deps.config.dataDir, 'audio'), { recursive: true }).filter((f) => String(f).endsWith('.part'));
      expect(leftovers).toEqual([]);
    } finally {
      await failing.stop();
    }
  });
});
