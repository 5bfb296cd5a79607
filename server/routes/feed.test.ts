/**
 * The private feed as podcast apps take it: read by gPodder's parser (Debian's python3-podcastparser),
 * every address opened with the feed's secret alone (no cookie, no header): HEAD and conditional GET
 * on the feed and its files, Range on the audio, transcripts and chapters in their formats, episodes
 * being made left out, and "Change voice" keeping the old audio until the new one is ready.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { feedResponseSchema } from '../../shared/api/premium.ts';
import { podcastChaptersSchema, transcriptSchema } from '../../shared/api/transcript.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { BILLING_ON, createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { ALL_FORBIDDEN, forbiddenIn, wordsOf } from '../test/forbidden-characters.ts';
import { parseFeedAsPodcastApp, vttAsSrt, type ParsedFeed } from '../test/podcast-apps.ts';
import { podcastById, setSubscriptionStatus } from '../test/rows.ts';
import { pacedVoice } from '../test/voices.ts';
import { parseVtt } from '../test/vtt.ts';
import { waitFor } from '../test/wait.ts';

const PUBLIC_URL = 'https://pagecast.test';
const billingOn = {
  ...BILLING_ON,
  PUBLIC_URL,
};

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const article = (title: string, slug: string) => ({
  title,
  text: `${title} begins on a quiet morning by the sea. The boats are out early. Nobody on the pier says a word.\nBy noon the wind turns, and the harbour fills with sails. Everyone goes home at dusk.`,
  sourceUrl: `https://example.com/${slug}`,
});

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describeEachDatabase('the private feed', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let token: string;
  let feedPath: string;
  let first: Podcast;
  let second: Podcast;
  let whileMade: ParsedFeed;

  /** A request as a podcast app makes it: no cookie, no Authorization, just the address. */
  const fetchAsApp = (url: string, init: RequestInit = {}) => t.app.request(new URL(url, PUBLIC_URL).href, init);
  const call = (url: string, init: RequestInit = {}) =>
    t.app.request(new URL(url, PUBLIC_URL).href, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  const podcast = async (id: string) => podcastSchema.parse(await (await call(`/api/podcasts/${id}`)).json());
  const create = async (body: unknown) => podcastSchema.parse(await (await call('/api/podcasts', { method: 'POST', body: JSON.stringify(body) })).json());
  const finished = (id: string) => waitFor(() => podcast(id), (p) => p.status === 'ready' || p.status === 'failed');
  const readFeed = async () => {
    const res = await fetchAsApp(feedPath);
    expect(res.status).toBe(200);
    const xml = await res.text();
    return { xml, parsed: await parseFeedAsPodcastApp(xml, `${PUBLIC_URL}${feedPath}`) };
  };

  beforeAll(async () => {
    t = createTestApp(ctx, { config: testConfig(billingOn), speech: pacedVoice(espeak, { delayMs: 120 }) });
    t.deps.jobs.start();
    const email = `feed-${ctx.kind}@example.com`;
    const res = await t.app.request(`${PUBLIC_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', name: 'Robin' }),
    });
    token = ((await res.json()) as { token: string }).token;
    await setSubscriptionStatus(ctx.db, email, 'active');
    feedPath = new URL(feedResponseSchema.parse(await (await call('/api/feed')).json()).url).pathname;

    first = await finished((await create(article('The Harbour', 'harbour'))).id);
    const made = await create(article('The Lighthouse Keeper', 'lighthouse'));
    await waitFor(() => podcast(made.id), (p) => p.status === 'speaking' && (p.audioSeconds ?? 0) > 0);
    whileMade = (await readFeed()).parsed;
    second = await finished(made.id);
  });
  afterAll(() => t.deps.jobs.stop());

  it('is read whole by a podcast app: channel, episodes, durations, sizes, chapters', async () => {
    expect(first.status).toBe('ready');
    expect(second.status).toBe('ready');
    // The episode being made was left out until complete.
    expect(whileMade.episodes.map((e) => e.title)).toEqual([first.title]);

    const { xml, parsed } = await readFeed();
    expect(parsed.title).toBe("Pagecast: Robin's podcasts");
    expect(parsed.language).toBe('en');
    expect(parsed.link).toBe(PUBLIC_URL);
    expect(parsed.cover_url).toBe(`${PUBLIC_URL}/podcast-cover.png`);
    expect(parsed.itunes_author).toBe('Robin');
    expect(parsed.itunes_owner).toEqual({ name: 'Robin' });
    expect(xml).not.toContain(`feed-${ctx.kind}@example.com`);
    expect(parsed.itunes_categories).toEqual([['Technology']]);
    expect(parsed.explicit).toBe(false);
    expect(parsed.episodes.map((e) => e.title)).toEqual([second.title, first.title]);

    for (const [episode, made] of [
      [parsed.episodes[0]!, second],
      [parsed.episodes[1]!, first],
    ] as const) {
      const row = (await podcastById(ctx.db, made.id))!;
      expect(episode.guid).toBe(`pagecast-${made.id}`);
      expect(episode.published).toBe(Math.floor(row.createdAt.getTime() / 1000));
      expect(episode.link).toBe(made.sourceUrl);
      expect(episode.total_time).toBe(Math.round(row.durationMs! / 1000));
      // The description is the article's, not the script's.
      expect(episode.description).toContain(`${made.title} begins on a quiet morning by the sea.`);
      expect(episode.description).toContain(`Source: ${made.sourceUrl}`);
      expect(episode.description).not.toContain('Welcome to this episode');
      expect(episode.description_html).toContain(`<a href="${made.sourceUrl}">`);
      // No chapter named: the title is the one chapter.
      expect(episode.chapters).toEqual([{ start: 0, title: made.title }]);

      const [enclosure] = episode.enclosures;
      expect(enclosure!.mime_type).toBe('audio/mpeg');
      expect(enclosure!.file_size).toBe(row.audioBytes);
      const head = await fetchAsApp(enclosure!.url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(row.audioBytes));
      const audio = await fetchAsApp(enclosure!.url);
      expect((await audio.arrayBuffer()).byteLength).toBe(row.audioBytes);
    }

    // What the parser does not report, read from the XML itself.
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const channel = doc.querySelector('channel')!;
    const tag = (name: string) => channel.getElementsByTagName(name)[0]?.textContent;
    expect(tag('itunes:block')).toBe('Yes');
    expect(tag('podcast:locked')).toBe('yes');
    expect(tag('podcast:guid')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(tag('copyright')).toBeTruthy();
    expect(channel.getElementsByTagName('itunes:image')[0]!.getAttribute('href')).toBe(`${PUBLIC_URL}/podcast-cover.png`);
    const item = doc.querySelectorAll('item')[0]!;
    expect(item.getElementsByTagName('pubDate')[0]!.textContent).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    const transcripts = [...item.getElementsByTagName('podcast:transcript')].map((e) => e.getAttribute('type'));
    expect(transcripts).toEqual(['text/vtt', 'text/html']);
    expect(item.getElementsByTagName('podcast:chapters')[0]!.getAttribute('type')).toBe('application/json+chapters');
  });

  it('uses a square PNG podcast apps accept as its artwork', () => {
    const png = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'webapp', 'public', 'podcast-cover.png'));
    const { width, height } = pngSize(png);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(1400);
    expect(width).toBeLessThanOrEqual(3000);
  });

  it('answers HEAD and conditional GETs on the feed and its audio, and Range on the audio', async () => {
    const get = await fetchAsApp(feedPath);
    const body = await get.text();
    const head = await fetchAsApp(feedPath, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(await head.text()).toBe('');
    expect((await fetchAsApp(feedPath, { headers: { 'If-None-Match': get.headers.get('etag')! } })).status).toBe(304);
    expect((await fetchAsApp(feedPath, { headers: { 'If-Modified-Since': get.headers.get('last-modified')! } })).status).toBe(304);
    expect((await fetchAsApp(feedPath, { headers: { 'If-None-Match': '"something-else"' } })).status).toBe(200);

    const { parsed } = await readFeed();
    const url = parsed.episodes[0]!.enclosures[0]!.url;
    const size = parsed.episodes[0]!.enclosures[0]!.file_size;
    const whole = await fetchAsApp(url);
    const etag = whole.headers.get('etag')!;
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect((await fetchAsApp(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const part = await fetchAsApp(url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    // The secret opens everything; another one nothing.
    expect((await fetchAsApp(url.replace(/feed\/[^/]+/, 'feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
  });

  it('links transcripts and chapters that open with HEAD and parse in their formats', async () => {
    const { xml } = await readFeed();
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const item = doc.querySelectorAll('item')[1]!; // the first podcast made
    const [vttUrl, htmlUrl] = [...item.getElementsByTagName('podcast:transcript')].map((e) => e.getAttribute('url')!);
    const chaptersUrl = item.getElementsByTagName('podcast:chapters')[0]!.getAttribute('url')!;

    for (const url of [vttUrl!, htmlUrl!, chaptersUrl]) {
      const get = await fetchAsApp(url);
      expect(get.status).toBe(200);
      const body = await get.text();
      const head = await fetchAsApp(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect((await fetchAsApp(url, { headers: { 'If-None-Match': get.headers.get('etag')! } })).status).toBe(304);
    }

    const own = transcriptSchema.parse(await (await call(`/api/podcasts/${first.id}/transcript.json`)).json());
    const vttRes = await fetchAsApp(vttUrl!);
    expect(vttRes.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const vtt = await vttRes.text();
    expect(parseVtt(vtt).map((c) => c.text)).toEqual(own.cues.map((c) => c.text));
    // ffmpeg's WebVTT reader takes it: every cue comes out as SubRip.
    const srt = await vttAsSrt(vtt);
    expect(srt.match(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/gm)).toHaveLength(own.cues.length);

    const html = await (await fetchAsApp(htmlUrl!)).text();
    expect(html).toContain(`<h1>${first.title}</h1>`);
    expect(html).toContain(own.cues[0]!.text);

    const chaptersRes = await fetchAsApp(chaptersUrl);
    expect(chaptersRes.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
    const chapters = podcastChaptersSchema.parse(await chaptersRes.json());
    expect(chapters).toEqual({ version: '1.2.0', title: first.title, chapters: [{ startTime: 0, endTime: own.chapters[0]!.endMs / 1000, title: first.title }] });
  });

  it('keeps an episode given a new voice, with its old audio, until the new audio is ready; then only the enclosure changes', async () => {
    const before = (await readFeed()).parsed.episodes.find((e) => e.guid === `pagecast-${first.id}`)!;
    const oldRow = (await podcastById(ctx.db, first.id))!;
    expect((await call(`/api/podcasts/${first.id}/voice`, { method: 'POST', body: JSON.stringify({ voice: 'en-gb' }) })).status).toBe(200);

    const during = (await readFeed()).parsed.episodes.find((e) => e.guid === `pagecast-${first.id}`)!;
    expect(during.enclosures).toEqual(before.enclosures);
    const oldAudio = await fetchAsApp(during.enclosures[0]!.url);
    expect(oldAudio.status).toBe(200);
    expect((await oldAudio.arrayBuffer()).byteLength).toBe(oldRow.audioBytes);

    expect((await finished(first.id)).status).toBe('ready');
    const newRow = (await podcastById(ctx.db, first.id))!;
    const after = (await readFeed()).parsed.episodes.find((e) => e.guid === `pagecast-${first.id}`)!;
    expect(after.enclosures[0]!.url).not.toBe(before.enclosures[0]!.url);
    expect(after.enclosures[0]!.file_size).toBe(newRow.audioBytes);
    const head = await fetchAsApp(after.enclosures[0]!.url, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(newRow.audioBytes));
  });

  it('stays readable, every episode in it, when an article holds characters XML forbids', async () => {
    const X = ALL_FORBIDDEN;
    const tides = await finished(
      (
        await create({
          title: `Tides${X} of the bay`,
          // The short line reads as a heading: a chapter named with them too.
          text: `The tide${X} comes in twice a day, and the harbour fills and empties with it.\nLow${X} water\nAt low water the old wreck shows its ribs above the sand.`,
          sourceUrl: 'https://example.com/tides',
        })
      ).id,
    );
    expect(tides.status).toBe('ready');

    // gPodder's parser refuses a feed that is not well-formed XML: one such character loses every episode.
    const { xml, parsed } = await readFeed();
    expect(forbiddenIn(xml)).toEqual([]);
    expect(parsed.episodes.map((e) => e.guid)).toEqual([tides, second, first].map((p) => `pagecast-${p.id}`));
    const episode = parsed.episodes[0]!;
    expect(wordsOf(episode.title)).toBe('Tides of the bay');
    expect(wordsOf(episode.description)).toContain('The tide comes in twice a day, and the harbour fills and empties with it. Low water At low water');
    expect(wordsOf(episode.description_html)).toContain('<p>The tide comes in twice a day, and the harbour fills');
    expect(episode.chapters?.map((c) => wordsOf(c.title))).toEqual(['Tides of the bay', 'Low water']);

    // Its transcripts, as the feed links them, and as plain text.
    const item = new DOMParser().parseFromString(xml, 'text/xml').querySelectorAll('item')[0]!;
    const [vttUrl, htmlUrl] = [...item.getElementsByTagName('podcast:transcript')].map((e) => e.getAttribute('url')!);
    const vtt = await (await fetchAsApp(vttUrl!)).text();
    const html = await (await fetchAsApp(htmlUrl!)).text();
    const txt = await (await fetchAsApp(vttUrl!.replace(/\.vtt$/, '.txt'))).text();
    for (const body of [vtt, html, txt]) expect(forbiddenIn(body)).toEqual([]);
    expect(parseVtt(vtt).map((c) => wordsOf(c.text))).toEqual([
      'Tides of the bay.',
      'The tide comes in twice a day, and the harbour fills and empties with it.',
      'Low water.',
      'At low water the old wreck shows its ribs above the sand.',
    ]);
    expect(wordsOf(html)).toContain('<h1>Tides of the bay</h1>');
    expect(wordsOf(html)).toContain('<h2>Low water</h2>');
    expect(wordsOf(txt.split('\n')[0]!)).toBe('Tides of the bay');
    expect(wordsOf(txt)).toContain('The tide comes in twice a day, and the harbour fills and empties with it.');
  });
});
