/**
 * No part of the article lost, through the API with the local OpenAI-compatible server and the
 * embedded voice: a book chapter's bulleted list, definition list and footnotes all reach the model;
 * a model that writes 60 words a section still gives an episode within 15% of the 10 minutes asked,
 * saying why; and without an AI, an article of one long paragraph of plain words lasts what the
 * estimate said, within 15%. And read mode says a byline shown on the page and given in its meta tag
 * once, and never a front page's "5 min read" or "3 hours ago".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateResponseSchema, MAX_ARTICLE_CHARS, podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { createLogger } from '../lib/logger.ts';
import { createScriptWriter } from '../machinery/script/openai-writer.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { FAKE_OPENAI_KEY, fakeScriptReply, startFakeOpenAi, type FakeChatRequest, type FakeOpenAi } from '../test/fake-openai.ts';
import { fixedSize } from '../test/model-behaviours.ts';
import { waitFor } from '../test/wait.ts';

/** Prose of ordinary words, `n` of them, in sentences. */
function prose(n: number, seed: number): string {
  const words = ['council', 'harbour', 'engineers', 'explained', 'residents', 'proposal', 'construction', 'between', 'morning', 'measured', 'season', 'fishermen'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(i % 12 === 0 ? 'The' : words[(i * 7 + seed) % words.length]!);
  return out.join(' ').replace(/(\w+ \w+ \w+ \w+ \w+ \w+ \w+ \w+ \w+ \w+ \w+ \w+)/g, '$1.').replace(/\.?$/, '.');
}

/** A chapter page: prose under headings, a bulleted list, a definition list and footnotes, each part opening with its marker. */
function chapterPage(): { html: string; markers: string[] } {
  const markers: string[] = [];
  const mark = (name: string) => (markers.push(name), name);
  const body: string[] = ['<h1>The Harbour Book</h1>'];
  for (let s = 0; s < 4; s++) {
    body.push(`<h2>Part ${s + 1} of the chapter</h2>`);
    for (let p = 0; p < 8; p++) body.push(`<p>${mark(`prose${s}x${p}`)} ${prose(110, s * 8 + p)}</p>`);
    body.push(`<ul>${Array.from({ length: 4 }, (_, i) => `<li>${mark(`item${s}x${i}`)} a point about the boats and the quay</li>`).join('')}</ul>`);
  }
  body.push(`<h2>Terms</h2><dl>${Array.from({ length: 5 }, (_, d) => `<dt>${mark(`term${d}`)} quay</dt><dd>${mark(`definition${d}`)} ${prose(26, d)}</dd>`).join('')}</dl>`);
  body.push(`<section class="footnotes"><ol>${Array.from({ length: 5 }, (_, f) => `<li id="fn${f}">${mark(`footnote${f}`)} ${prose(30, f + 3)}</li>`).join('')}</ol></section>`);
  const html = `<!doctype html><html lang="en"><head><title>The Harbour Book</title></head><body><main><article>${body.join('\n')}</article></main></body></html>`;
  return { html, markers };
}

/** A page with its author in a meta tag and, visibly, under its title. */
const BYLINE_PAGE = `<!doctype html><html lang="en"><head><title>The Flood</title><meta name="author" content="Jane Doe"></head>
<body><main><article><h1>The Flood</h1><p>By <a href="/authors/jane">Jane Doe</a></p>
${[0, 1, 2, 3, 4].map((i) => `<p>${prose(60, i)}</p>`).join('\n')}</article></main></body></html>`;

/** A front page: teasers of other stories, each with its reading time and age. */
const FRONT_PAGE = `<!doctype html><html lang="en"><head><title>Harbour News</title></head><body><main><h1>Harbour News</h1>
${[1, 2, 3, 4, 5, 6]
  .map((n) => `<article><h2><a href="/story-${n}">Story ${n}: the council votes on the harbour</a></h2><p>The council met on Tuesday and argued about money, boats and a bridge, residents said after meeting ${n}.</p><div><span>${n + 2} min read</span> · <time>${n} hours ago</time></div></article>`)
  .join('\n')}</main></body></html>`;

let pages: http.Server;
let host = '';
const chapter = chapterPage();
let fake: FakeOpenAi;
let db: TestDatabase & { close(): Promise<void> };
let plain: ReturnType<typeof createTestApp>;
let ai: ReturnType<typeof createTestApp>;
let token = '';

beforeAll(async () => {
  pages = http.createServer((req, res) => {
    const page = req.url === '/chapter' ? chapter.html : req.url === '/byline' ? BYLINE_PAGE : req.url === '/front' ? FRONT_PAGE : null;
    if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(pages.address() as AddressInfo).port}`;
  fake = await startFakeOpenAi({ chatReply: fakeScriptReply() });
  db = await openTestDatabase('pglite');
  plain = createTestApp(db, { config: testConfig({ FETCH_ALLOW_HOSTS: host }) });
  ai = createTestApp(db, {
    config: testConfig({ FETCH_ALLOW_HOSTS: host, OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.url }),
    auth: plain.deps.auth,
    scriptWriter: createScriptWriter({ apiKey: FAKE_OPENAI_KEY, baseUrl: fake.url, model: undefined, logger: createLogger('silent'), timeoutMs: 10_000 }),
  });
  const res = await plain.app.request('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'whole-article@example.com', password: 'secret123' }),
  });
  token = ((await res.json()) as { token: string }).token;
});

afterAll(async () => {
  await Promise.all([plain?.deps.jobs.stop?.(), ai?.deps.jobs.stop?.()]);
  await fake?.close();
  await db?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

const call = (app: ReturnType<typeof createTestApp>, path: string, body?: unknown) =>
  app.app.request(path, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** Makes a podcast with `app`'s runner (the only one running) and waits until it is done. */
async function make(app: ReturnType<typeof createTestApp>, body: unknown): Promise<Podcast> {
  const created = await call(app, '/api/podcasts', body);
  expect(created.status).toBe(201);
  const { id } = podcastSchema.parse(await created.json());
  app.deps.jobs.start();
  try {
    return await waitFor(async () => podcastSchema.parse(await (await call(app, `/api/podcasts/${id}`)).json()), (p) => ['ready', 'failed'].includes(p.status));
  } finally {
    await app.deps.jobs.stop?.();
  }
}

const sectionTexts = () =>
  fake.requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => (r.body as FakeChatRequest).messages.at(-1)!.content)
    .filter((text) => /Write (?:part|the whole)/.test(text));

describe('what read mode says around the article', () => {
  const cuesOf = async (id: string) => transcriptSchema.parse(await (await call(plain, `/api/podcasts/${id}/transcript.json`)).json()).cues.map((c) => c.text);

  it('a page with its author in a meta tag and a visible byline says the byline once', async () => {
    const done = await make(plain, { url: `http://${host}/byline`, mode: 'read' });
    expect(done.status).toBe('ready');
    const said = await cuesOf(done.id);
    expect(said.filter((text) => /Jane Doe/.test(text))).toEqual(['By Jane Doe.']);
  });

  it("a front page's teasers are read without their reading times and ages", async () => {
    const done = await make(plain, { url: `http://${host}/front`, mode: 'read' });
    expect(done.status).toBe('ready');
    const said = (await cuesOf(done.id)).join(' ');
    for (const n of [1, 2, 3, 4, 5, 6]) expect(said).toContain(`Story ${n}: the council votes on the harbour`);
    expect(said).not.toMatch(/min read|minutes? read|hours? ago/i);
  });
});

describe('what the model receives', () => {
  it('a chapter page at 3 minutes: every paragraph, list item, definition and footnote reaches it', async () => {
    fake.requests.length = 0;
    fake.setBehaviour({ chatReply: fakeScriptReply() });
    const done = await make(ai, { url: `http://${host}/chapter`, mode: 'podcast', minutes: 3 });
    expect(done.status).toBe('ready');
    const sent = sectionTexts().join('\n');
    expect(chapter.markers.length).toBeGreaterThanOrEqual(57);
    expect(chapter.markers.filter((marker) => !sent.includes(marker))).toEqual([]);
  });
});

describe('the length asked, whatever the model does', () => {
  it('a model that writes 60 words a section: the episode is within 15% of 10 minutes, and says why', async () => {
    fake.setBehaviour({ chatReply: fixedSize(60) });
    const text = Array.from({ length: 40 }, (_, i) => prose(80, i)).join('\n');
    const done = await make(ai, { title: 'The Long Harbour', text, sourceUrl: 'https://example.com/long-harbour', mode: 'podcast', minutes: 10 });
    expect(done.status).toBe('ready');
    expect(Math.abs(done.durationSeconds! - 600) / 600).toBeLessThanOrEqual(0.15);
    expect(done.fallbackReason).toMatch(/less than the length asked; \d+ words were read from the article to make it up/);
  });

  // Text of only short, plain words is said faster than the rate's passage: the pace (spoken-length.ts,
  // syllables weighed 0.8) tells it within 5% where the fit on real pages alone (0.59) ran 20% under.
  it('without an AI, one 200,000-character paragraph of plain words lasts what the estimate says, within 15%', async () => {
    const sentence = 'The water rose along the valley and the farmers watched the fields from the bridge each morning.';
    // As long as a page may be: 200,000 characters.
    const text = Array.from({ length: Math.floor(MAX_ARTICLE_CHARS / (sentence.length + 1)) }, () => sentence).join(' ');
    const article = { title: 'One Paragraph', text, sourceUrl: 'https://example.com/one-paragraph', mode: 'podcast', minutes: 3 };
    const answer = await call(plain, '/api/podcasts/estimate', article);
    expect(answer.status).toBe(200);
    const estimate = estimateResponseSchema.parse(await answer.json());
    expect(estimate.estimatedSeconds).toBe(180);
    const done = await make(plain, article);
    expect(done.status).toBe('ready');
    expect(Math.abs(done.durationSeconds! - estimate.estimatedSeconds) / estimate.estimatedSeconds).toBeLessThanOrEqual(0.15);
  });
});
