/**
 * The timed transcript and chapters as clients read them: while the podcast is made (cues so far),
 * once it is ready (cues covering the audio), for the owner and through a share link, as JSON,
 * WebVTT, plain text and Podcasting 2.0 chapters; and after "Change voice", the new audio's cues.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { shareResponseSchema } from '../../shared/api/premium.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { podcastChaptersSchema, transcriptSchema, type Transcript } from '../../shared/api/transcript.ts';
import { scriptSentences } from '../machinery/script/sentence-cutter.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { BILLING_ON, createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { ALL_FORBIDDEN, forbiddenIn, wordsOf } from '../test/forbidden-characters.ts';
import { hasLiveJob, podcastById, segmentsOf, setSegmentCues, setSubscriptionStatus } from '../test/rows.ts';
import { pacedVoice } from '../test/voices.ts';
import { SAFETY_NET_MS, waitFor } from '../test/wait.ts';
import { parseVtt } from '../test/vtt.ts';
import { probe } from '../test/podcast-apps.ts';

const billingOn = {
  ...BILLING_ON,
  PUBLIC_URL: 'https://pagecast.test',
};

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const article = {
  title: 'The Morning Ferry',
  text: Array.from(
    { length: 4 },
    (_, i) => `Part ${i + 1}. The ferry left the harbour at dawn. Gulls followed it out past the breakwater. The captain kept the old route.`,
  ).join('\n'),
  sourceUrl: 'https://example.com/ferry',
};

/** Cues in time order, none overlapping the next, covering the audio within half a second. */
function expectTimed(transcript: Transcript, audioMs: number) {
  const { cues } = transcript;
  expect(cues.length).toBeGreaterThan(0);
  cues.forEach((cue, i) => {
    expect(cue.index).toBe(i);
    expect(cue.endMs).toBeGreaterThan(cue.startMs);
    if (i > 0) expect(cue.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs);
  });
  expect(cues[0]!.startMs).toBeLessThanOrEqual(500);
  expect(cues.at(-1)!.endMs).toBeLessThanOrEqual(audioMs);
  expect(audioMs - cues.at(-1)!.endMs).toBeLessThanOrEqual(500);
}

describeEachDatabase('the timed transcript', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let token: string;
  const call = (path: string, auth: string | null = token, init: RequestInit = {}) =>
    t.app.request(new URL(path, billingOn.PUBLIC_URL).href, {
      ...init,
      headers: { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
  const podcast = async (id: string) => podcastSchema.parse(await (await call(`/api/podcasts/${id}`)).json());
  const transcript = async (path: string, auth: string | null = token) => {
    const res = await call(path, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return transcriptSchema.parse(await res.json());
  };

  let made: Podcast;
  let whileMade: Transcript;
  let sharePath: string;

  beforeAll(async () => {
    t = createTestApp(ctx, { config: testConfig(billingOn), speech: pacedVoice(espeak, { delayMs: 150 }) });
    t.deps.jobs.start();
    const email = `transcript-${ctx.kind}@example.com`;
    const res = await call('/api/auth/register', null, { method: 'POST', body: JSON.stringify({ email, password: 'secret123' }) });
    token = ((await res.json()) as { token: string }).token;
    await setSubscriptionStatus(ctx.db, email, 'active');
    const created = podcastSchema.parse(await (await call('/api/podcasts', token, { method: 'POST', body: JSON.stringify(article) })).json());
    await waitFor(() => podcast(created.id), (p) => (p.audioSeconds ?? 0) > 0 && p.status === 'speaking');
    whileMade = await transcript(`/api/podcasts/${created.id}/transcript.json`);
    const { url } = shareResponseSchema.parse(await (await call(`/api/podcasts/${created.id}/share`, token, { method: 'POST' })).json());
    sharePath = `/api/shared/${url.split('/').at(-1)}`;
    made = await waitFor(() => podcast(created.id), (p) => p.status === 'ready' || p.status === 'failed');
  });
  afterAll(() => t.deps.jobs.stop());

  it('answers the cues so far while the podcast is made, then every spoken sentence timed over the audio', async () => {
    expect(made.status).toBe('ready');
    expect(whileMade.complete).toBe(false);
    expect(whileMade.cues.length).toBeGreaterThan(0);

    const done = await transcript(`/api/podcasts/${made.id}/transcript.json`);
    expect(done.complete).toBe(true);
    // The cues so far were the start of the whole.
    expect(done.cues.slice(0, whileMade.cues.length)).toEqual(whileMade.cues);
    // Each cue's text is the sentence spoken, in order.
    const row = await podcastById(ctx.db, made.id);
    expect(done.cues.map((c) => c.text)).toEqual(scriptSentences(row!.content).map((s) => s.text));
    expectTimed(done, row!.durationMs!);
    // No chapter named: the title is the one chapter, over the whole audio.
    expect(done.chapters).toEqual([{ title: made.title, startMs: 0, endMs: row!.durationMs! }]);

    // The cues stay with the finished episode: its segment rows are kept.
    expect((await segmentsOf(ctx.db, row!.audioKey!)).length).toBeGreaterThan(0);

    // The downloaded MP3 names its chapters in its ID3 tag, as ffprobe reads them.
    const download = await call(`/api/podcasts/${made.id}/download`);
    expect(download.status).toBe(200);
    const mp3 = new Uint8Array(await download.arrayBuffer());
    expect(mp3.length).toBe(row!.audioBytes);
    const probed = await probe('episode.mp3', mp3);
    expect(probed.format.tags?.title).toBe(made.title);
    expect(probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title])).toEqual(
      done.chapters.map((c) => [c.startMs / 1000, c.endMs / 1000, c.title]),
    );
    expect(Math.abs(Number(probed.format.duration) - row!.durationMs! / 1000)).toBeLessThan(0.1);
  });

  it('serves the same through the share link, and nothing to others', async () => {
    const own = await transcript(`/api/podcasts/${made.id}/transcript.json`);
    expect(await transcript(`${sharePath}/transcript.json`, null)).toEqual(own);
    expect((await call(`/api/podcasts/${made.id}/transcript.json`, null)).status).toBe(401);
    expect((await call(`/api/podcasts/${made.id}/transcript.json`, null, { headers: { [ANONYMOUS_TOKEN_HEADER]: 'someone-else-entirely' } })).status).toBe(404);
    expect((await call('/api/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/transcript.vtt', null)).status).toBe(404);
  });

  it('names speakers and chapters when the script does, as WebVTT voices, text headings and JSON chapters', async () => {
    const row = (await podcastById(ctx.db, made.id))!;
    const segments = await segmentsOf(ctx.db, row.audioKey!);
    // A conversation's writer names each sentence's speaker and the chapters it starts.
    const cues = segments.flatMap((s) => s.cues);
    const half = Math.floor(cues.length / 2);
    for (const segment of segments) {
      await setSegmentCues(
        ctx.db,
        row.audioKey!,
        segment.seq,
        segment.cues.map((cue) => ({
          ...cue,
          speaker: cue.index % 2 ? 'Sam <guest>' : 'Alex',
          ...(cue.index === 0 ? { chapter: 'Leaving port' } : cue.index === half ? { chapter: 'Out at sea & beyond' } : {}),
        })),
      );
    }
    const named = await transcript(`/api/podcasts/${made.id}/transcript.json`);
    expect(named.cues[1]!.speaker).toBe('Sam <guest>');
    expect(named.chapters).toEqual([
      { title: 'Leaving port', startMs: 0, endMs: cues[half]!.startMs },
      { title: 'Out at sea & beyond', startMs: cues[half]!.startMs, endMs: row.durationMs! },
    ]);

    const vttRes = await call(`/api/podcasts/${made.id}/transcript.vtt`);
    expect(vttRes.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const vtt = await vttRes.text();
    const parsed = parseVtt(vtt);
    expect(parsed.map((c) => c.text)).toEqual(named.cues.map((c) => c.text.replace(/\s+/g, ' ').trim()));
    expect(parsed[1]!.voice).toBe('Sam &lt;guest&gt;');
    expect(parsed[0]!.voice).toBe('Alex');
    expect(parsed.map((c) => c.startMs)).toEqual(named.cues.map((c) => c.startMs));

    const text = await (await call(`/api/podcasts/${made.id}/transcript.txt`)).text();
    expect(text.split('\n')[0]).toBe(made.title);
    expect(text).toContain('## Leaving port\n\nAlex: ');
    expect(text).toContain('## Out at sea & beyond');
    expect(text).toContain(`Sam <guest>: ${named.cues[1]!.text}`);

    const chaptersRes = await call(`${sharePath}/chapters.json`, null);
    expect(chaptersRes.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
    const chapters = podcastChaptersSchema.parse(await chaptersRes.json());
    expect(chapters.version).toBe('1.2.0');
    expect(chapters.chapters).toEqual([
      { startTime: 0, endTime: cues[half]!.startMs / 1000, title: 'Leaving port' },
      { startTime: cues[half]!.startMs / 1000, endTime: row.durationMs! / 1000, title: 'Out at sea & beyond' },
    ]);
  });

  it('answers HEAD with the length, 304 to a copy it already gave, and a file to keep with ?download=1', async () => {
    const path = `/api/podcasts/${made.id}/transcript.vtt`;
    const get = await call(path);
    const body = await get.text();
    const head = await call(path, token, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(await head.text()).toBe('');
    const again = await call(path, token, { headers: { 'If-None-Match': get.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const download = await call(`${path}?download=1`);
    expect(download.headers.get('content-disposition')).toContain(`attachment; filename="${made.title}.vtt"`);
    const txt = await call(`${sharePath}/transcript.txt?download=1`, null);
    expect(txt.headers.get('content-disposition')).toContain(`filename="${made.title}.txt"`);
  });

  it('carries the chapters a script names into the transcript, its JSON chapters and the MP3’s ID3 tag', async () => {
    const script = '# The harbour\nThe ferry left at dawn. Gulls followed it out.\n# The crossing\nThe sea was calm all morning. The captain kept the old route.';
    expect((await call(`/api/podcasts/${made.id}/script`, token, { method: 'PUT', body: JSON.stringify({ script }) })).status).toBe(200);
    expect((await call(`/api/podcasts/${made.id}/voice`, token, { method: 'POST', body: JSON.stringify({ voice: 'en-us' }) })).status).toBe(200);
    expect((await waitFor(() => podcast(made.id), (p) => p.status === 'ready' || p.status === 'failed')).status).toBe('ready');
    const row = (await podcastById(ctx.db, made.id))!;

    const chaptered = await transcript(`/api/podcasts/${made.id}/transcript.json`);
    expect(chaptered.cues.map((c) => c.text)).toEqual(['The ferry left at dawn.', 'Gulls followed it out.', 'The sea was calm all morning.', 'The captain kept the old route.']);
    expect(chaptered.cues.map((c) => c.chapter)).toEqual(['The harbour', undefined, 'The crossing', undefined]);
    expectTimed(chaptered, row.durationMs!);
    expect(chaptered.chapters).toEqual([
      { title: 'The harbour', startMs: 0, endMs: chaptered.cues[2]!.startMs },
      { title: 'The crossing', startMs: chaptered.cues[2]!.startMs, endMs: row.durationMs! },
    ]);
    const json = podcastChaptersSchema.parse(await (await call(`/api/podcasts/${made.id}/chapters.json`)).json());
    expect(json.chapters.map((c) => c.title)).toEqual(['The harbour', 'The crossing']);

    const probed = await probe('episode.mp3', new Uint8Array(await (await call(`/api/podcasts/${made.id}/download`)).arrayBuffer()));
    expect(probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title])).toEqual(
      chaptered.chapters.map((c) => [c.startMs / 1000, c.endMs / 1000, c.title]),
    );
  });

  it('after "Change voice", answers the new audio’s cues once it is made', async () => {
    const before = (await podcastById(ctx.db, made.id))!;
    const res = await call(`/api/podcasts/${made.id}/voice`, token, { method: 'POST', body: JSON.stringify({ voice: 'en-gb' }) });
    expect(res.status).toBe(200);
    // The answer may come before the job starts: wait for the new audio, not for any ready state.
    const after = (await waitFor(
      () => podcastById(ctx.db, made.id),
      (row) => row?.status === 'failed' || (row?.status === 'ready' && row.audioKey !== before.audioKey),
    ))!;
    expect(after.status).toBe('ready');
    const fresh = await transcript(`/api/podcasts/${made.id}/transcript.json`);
    // The named speakers were the old audio's: the new one's cues replace them.
    expect(fresh.cues.some((c) => c.speaker)).toBe(false);
    expectTimed(fresh, after.durationMs!);
    // The old audio's rows go once the new audio is ready (just after its ready state is saved).
    await expect.poll(() => segmentsOf(ctx.db, before.audioKey!), { timeout: SAFETY_NET_MS }).toEqual([]);
  });

  it('leaves control characters out of the WebVTT and plain text, whatever the title and script hold', async () => {
    const X = ALL_FORBIDDEN;
    // The last change of voice may still be closing its job, and a script is edited only after.
    await waitFor(() => hasLiveJob(ctx.db, made.id), (live) => !live);
    expect((await call(`/api/podcasts/${made.id}`, token, { method: 'PATCH', body: JSON.stringify({ title: `Ferry${X} log` }) })).status).toBe(200);
    const script = `# Out${X} at sea\nThe ferry${X} left at dawn. Gulls${X} followed it out.`;
    expect((await call(`/api/podcasts/${made.id}/script`, token, { method: 'PUT', body: JSON.stringify({ script }) })).status).toBe(200);
    const before = (await podcastById(ctx.db, made.id))!;
    expect((await call(`/api/podcasts/${made.id}/voice`, token, { method: 'POST', body: JSON.stringify({ voice: 'en-us' }) })).status).toBe(200);
    const after = await waitFor(
      () => podcastById(ctx.db, made.id),
      (row) => row?.status === 'failed' || (row?.status === 'ready' && row.audioKey !== before.audioKey),
    );
    expect(after!.status).toBe('ready');

    for (const base of [`/api/podcasts/${made.id}`, sharePath]) {
      const auth = base === sharePath ? null : token;
      const vtt = await (await call(`${base}/transcript.vtt`, auth)).text();
      const text = await (await call(`${base}/transcript.txt`, auth)).text();
      expect(forbiddenIn(vtt)).toEqual([]);
      expect(forbiddenIn(text)).toEqual([]);
      expect(parseVtt(vtt).map((c) => wordsOf(c.text))).toEqual(['The ferry left at dawn.', 'Gulls followed it out.']);
      expect(wordsOf(text)).toBe('Ferry log ## Out at sea The ferry left at dawn. Gulls followed it out.');
    }
  });
});
