/**
 * One episode from several sources, over the real app and three local pages: read mode reads every
 * source in turn (a chapter each, each in its own language's voice, every word of each); a podcast
 * request gives the model part of every source; a source that cannot be read is named and the
 * others go on; none readable fails with each named.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { estimateResponseSchema, podcastSchema, SOURCES_MESSAGES, type Podcast } from '../../shared/api/podcasts.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { sharedPodcastSchema } from '../../shared/api/premium.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createLogger } from '../lib/logger.ts';
import { createScriptWriter } from '../machinery/script/openai-writer.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { recordingVoices } from '../test/recording-speech.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { FAKE_OPENAI_KEY, fakeScriptReply, startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { waitFor } from '../test/wait.ts';

const PAGES = {
  '/tides': {
    lang: 'en',
    site: 'The Harbour Gazette',
    title: 'Why Tides Rise Twice a Day',
    author: 'Ann Lee',
    paragraphs: [
      'The moon pulls the ocean toward it, and the water on the far side of the earth bulges away as well.',
      'So most coasts see two high tides and two low tides in a little more than a day.',
      'Harbour masters print tide tables months ahead, because the rhythm hardly ever changes.',
    ],
  },
  '/lanterns': {
    lang: 'en',
    site: 'Coastal Notes',
    title: 'Lanterns Before Electricity',
    author: 'Tom Roe',
    paragraphs: [
      'Before electric lamps, keepers burned whale oil and later paraffin in brass lanterns.',
      'Every evening they trimmed the wicks and polished the lenses until the glass was spotless.',
      'A single smudge could dim the beam that ships relied on to find the channel.',
    ],
  },
  '/leuchtturm': {
    lang: 'de',
    site: 'Küstenblatt',
    title: 'Der Leuchtturm am Deich',
    author: 'Jana Krüger',
    paragraphs: [
      'Der alte Leuchtturm steht seit hundert Jahren am Deich und weist den Schiffen den Weg.',
      'Im Winter kommen nur wenige Besucher, aber im Sommer ist die Treppe voller Menschen.',
      'Die Gemeinde möchte den Turm erhalten und sammelt dafür jedes Jahr Spenden.',
    ],
  },
} as const;

function pageHtml(page: (typeof PAGES)[keyof typeof PAGES]) {
  return `<!doctype html><html lang="${page.lang}"><head><title>${page.title}</title>
<meta property="og:site_name" content="${page.site}"><meta name="author" content="${page.author}"></head><body>
<main><article><h1>${page.title}</h1>
${page.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</article></main></body></html>`;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The share of `wanted`'s words found in `spoken`, counted with repeats. */
function recall(wanted: string, spoken: string): number {
  const bag = new Map<string, number>();
  for (const w of words(spoken)) bag.set(w, (bag.get(w) ?? 0) + 1);
  const list = words(wanted);
  let found = 0;
  for (const w of list) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      found += 1;
      bag.set(w, n - 1);
    }
  }
  return found / list.length;
}

describeEachDatabase('one episode from several sources', (ctx) => {
  let pages: http.Server;
  let base: string;
  let t: ReturnType<typeof createTestApp>;
  let ai: ReturnType<typeof createTestApp>;
  let fake: FakeOpenAi;
  const voicesUsed = new Set<string>();
  const browser = `sources-${ctx.kind}-${Date.now()}`;

  let member = '';
  const call = (app: ReturnType<typeof createTestApp>, path: string, body?: unknown) =>
    app.app.request(new URL(path, 'https://pagecast.test').href, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: browser, ...(member ? { Authorization: `Bearer ${member}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const untilDone = (app: ReturnType<typeof createTestApp>, id: string) =>
    waitFor(
      async () => podcastSchema.parse(await (await call(app, `/api/podcasts/${id}`)).json()),
      (p) => p.status === 'ready' || p.status === 'failed',
    );

  beforeAll(async () => {
    pages = http.createServer((req, res) => {
      const page = PAGES[(req.url ?? '') as keyof typeof PAGES];
      if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(page));
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(pages.address() as AddressInfo).port}`;
    base = `http://${host}`;
    const espeak = createEspeakEngine();
    const recording = recordingVoices(espeak, (voice) => voicesUsed.add(voice));
    const env = { FETCH_ALLOW_HOSTS: host, ANONYMOUS_DAILY_PODCASTS: '100', FREE_DAILY_PODCASTS: '100', FETCHES_PER_HOUR: '100', PUBLIC_URL: 'https://pagecast.test' };
    t = createTestApp(ctx, { config: testConfig(env), speech: recording });
    fake = await startFakeOpenAi({ chatReply: fakeScriptReply() });
    ai = createTestApp(ctx, {
      config: testConfig({ ...env, OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.url }),
      speech: recording,
      scriptWriter: createScriptWriter({ apiKey: FAKE_OPENAI_KEY, baseUrl: fake.url, model: undefined, logger: createLogger('silent'), timeoutMs: 10_000 }),
    });
    // One runner, the AI one: read mode reads the sources whatever the writer.
    ai.deps.jobs.start();
    // Billing is off: a member has every feature (the feed, sharing).
    const reg = await call(t, '/api/auth/register', { email: `sources-${ctx.kind}-${Date.now()}@example.com`, password: 'secret123' });
    member = ((await reg.json()) as { token: string }).token;
  });
  afterAll(async () => {
    await ai.deps.jobs.stop();
    await fake.close();
    await new Promise((resolve) => pages.close(resolve));
  });

  it('reads three pages in one read-mode episode: a chapter each, every word of each, each in its language', async () => {
    const sources = Object.keys(PAGES).map((path) => ({ url: `${base}${path}` }));
    const estimate = estimateResponseSchema.parse(await (await call(t, '/api/podcasts/estimate', { sources, mode: 'read' })).json());
    expect(estimate.unreadable).toEqual([]);
    expect(estimate.title).toBe(`${PAGES['/tides'].title} and 2 more sources`);

    const res = await call(t, '/api/podcasts', { sources, mode: 'read' });
    expect(res.status).toBe(201);
    const created = podcastSchema.parse(await res.json());
    expect(created.sources).toEqual(
      Object.entries(PAGES).map(([path, page]) => ({ url: `${base}${path}`, title: page.title, author: page.author })),
    );
    const made = await untilDone(t, created.id);
    expect(made.status).toBe('ready');
    // What the estimate said is what the job made, within 15%.
    expect(Math.abs(made.durationSeconds! - estimate.estimatedSeconds) / estimate.estimatedSeconds).toBeLessThanOrEqual(0.15);

    const transcript = transcriptSchema.parse(await (await call(t, `/api/podcasts/${made.id}/transcript.json`)).json());
    expect(transcript.chapters.map((c) => c.title)).toEqual(Object.values(PAGES).map((p) => p.title));
    const spoken = transcript.cues.map((c) => c.text).join(' ');
    expect(spoken).toContain(`First, from ${PAGES['/tides'].site}: ${PAGES['/tides'].title}.`);
    expect(spoken).toContain(`Next, from ${PAGES['/lanterns'].site}: ${PAGES['/lanterns'].title}.`);
    expect(spoken).toContain(`Als Nächstes, von ${PAGES['/leuchtturm'].site}: ${PAGES['/leuchtturm'].title}.`);
    // Every source's words are read, in its own chapter.
    transcript.chapters.forEach((chapter, i) => {
      const page = Object.values(PAGES)[i]!;
      const inChapter = transcript.cues.filter((c) => c.startMs >= chapter.startMs && c.endMs <= chapter.endMs).map((c) => c.text).join(' ');
      expect(recall(page.paragraphs.join(' '), inChapter)).toBeGreaterThanOrEqual(0.95);
    });
    // Every source's address, title and author: in the transcript, the feed item and the share page.
    const named = Object.entries(PAGES).map(([path, page]) => ({ url: `${base}${path}`, title: page.title, author: page.author }));
    expect(transcript.sources).toEqual(named);
    const text = await (await call(t, `/api/podcasts/${made.id}/transcript.txt`)).text();
    for (const s of named) expect(text).toContain(`${s.title}, by ${s.author}, ${s.url}`);
    const { url: feedUrl } = (await (await call(t, '/api/feed')).json()) as { url: string };
    const feed = await (await call(t, new URL(feedUrl).pathname)).text();
    for (const s of named) expect(feed).toContain(`${s.title}, by ${s.author}, ${s.url}`);
    const { url: shareUrl } = (await (await call(t, `/api/podcasts/${made.id}/share`, {})).json()) as { url: string };
    const shared = sharedPodcastSchema.parse(await (await call(t, `/api/shared/${shareUrl.split('/').at(-1)}`)).json());
    expect(shared.sources).toEqual(named);
    // The German source is spoken by a German voice, the English ones by an English one.
    expect([...voicesUsed].some((v) => /^de\b/.test(v))).toBe(true);
    expect([...voicesUsed].some((v) => /^en\b/.test(v))).toBe(true);
  });

  it('gives the model part of every source in podcast mode, asking it to connect them', async () => {
    const sources = Object.keys(PAGES).map((path) => ({ url: `${base}${path}` }));
    const before = fake.requests.length;
    const res = await call(ai, '/api/podcasts', { sources, mode: 'podcast', minutes: 3 });
    expect(res.status).toBe(201);
    const made = await untilDone(ai, podcastSchema.parse(await res.json()).id);
    expect(made.status).toBe('ready');
    const asked = fake.requests
      .slice(before)
      .filter((r) => r.path.endsWith('/chat/completions'))
      .map((r) => JSON.stringify(r.body));
    const all = asked.join('\n');
    for (const page of Object.values(PAGES)) expect(all).toContain(page.paragraphs[0].split(' ').slice(0, 6).join(' '));
    expect(all).toContain('what they agree on and where they differ');
  });

  it('names a source that cannot be read and makes the episode of the others; none readable fails naming each', async () => {
    const sources = [{ url: `${base}/tides` }, { url: `${base}/missing` }, { url: `${base}/lanterns` }];
    const res = await call(t, '/api/podcasts', { sources, mode: 'read' });
    expect(res.status).toBe(201);
    const created: Podcast = podcastSchema.parse(await res.json());
    expect(created.unreadable).toEqual([{ index: 1, source: `${base}/missing`, error: expect.stringContaining('Not Found') }]);
    expect(created.sources?.map((s) => s.title)).toEqual([PAGES['/tides'].title, PAGES['/lanterns'].title]);
    const made = await untilDone(t, created.id);
    expect(made.status).toBe('ready');
    const transcript = transcriptSchema.parse(await (await call(t, `/api/podcasts/${made.id}/transcript.json`)).json());
    expect(transcript.chapters).toHaveLength(2);

    const none = await call(t, '/api/podcasts', { sources: [{ url: `${base}/missing` }, { url: `${base}/gone` }] });
    expect(none.status).toBeGreaterThanOrEqual(400);
    const { message } = errorBodySchema.parse(await none.json()).error;
    expect(message).toContain('None of the sources could be read');
    expect(message).toContain(`${base}/missing`);
    expect(message).toContain(`${base}/gone`);
  });

  it('estimates sources full of figures as the voice reads them: the episode lasts what the estimate says, within 15%', async () => {
    // Figures are said as words: words alone would put this at half its length.
    const figures = (year: number) =>
      Array.from({ length: 6 }, (_, i) => `In ${year + i} the port handled 1,${i}34,567 tonnes, 12.${i}% more than the year before, worth $3.${i}bn.`).join(' ');
    const sources = [
      { text: figures(2001), title: 'The Port in Figures' },
      { text: figures(2011), title: 'The Port Since' },
    ];
    const estimate = estimateResponseSchema.parse(await (await call(t, '/api/podcasts/estimate', { sources, mode: 'read' })).json());
    const res = await call(t, '/api/podcasts', { sources, mode: 'read' });
    expect(res.status).toBe(201);
    const made = await untilDone(t, podcastSchema.parse(await res.json()).id);
    expect(made.status).toBe('ready');
    expect(Math.abs(made.durationSeconds! - estimate.estimatedSeconds) / estimate.estimatedSeconds).toBeLessThanOrEqual(0.15);
  });

  it('refuses fewer than two or more than ten sources', async () => {
    for (const sources of [[{ url: `${base}/tides` }], Array.from({ length: 11 }, () => ({ url: `${base}/tides` }))]) {
      const res = await call(t, '/api/podcasts', { sources });
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(await res.json()).error.message).toContain(SOURCES_MESSAGES.count);
    }
  });
});
