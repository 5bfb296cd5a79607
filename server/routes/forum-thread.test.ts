/**
 * A forum thread through the API: a thread of five posts, served with its posts in <noscript> and
 * each poster's details beside them, becomes a read-mode podcast that reads all five posts in order,
 * announces each by its author once ("riverwren wrote:"), and never says a join date or post count.
 * Written by the AI (the local OpenAI-compatible server), a thread is asked for post by post with its
 * authors, and a listing as a list, while an article is asked for as an article.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { createLogger } from '../lib/logger.ts';
import { createScriptWriter } from '../machinery/script/openai-writer.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { FAKE_OPENAI_KEY, fakeScriptReply, startFakeOpenAi, type FakeChatRequest, type FakeOpenAi } from '../test/fake-openai.ts';
import { FORUM_POSTS, forumPage, LISTING_ITEMS, listingPage } from '../test/kind-pages.ts';
import { waitFor } from '../test/wait.ts';

let pages: http.Server;
let host = '';
let db: TestDatabase & { close(): Promise<void> };
let test: ReturnType<typeof createTestApp>;
let ai: ReturnType<typeof createTestApp>;
let fake: FakeOpenAi;
let token = '';

const ARTICLE_PAGE = `<!doctype html><html lang="en"><head><title>Why the tide turns</title></head><body><main><article><h1>Why the tide turns</h1>${Array.from(
  { length: 8 },
  (_, i) => `<p>Paragraph ${i + 1}: the moon pulls the water of the near side of the earth toward it, and the far side's water is left behind, so two bulges travel round the planet each day and every shore meets them in turn.</p>`,
).join('')}</article></main></body></html>`;

beforeAll(async () => {
  pages = http.createServer((req, res) => {
    const page = { '/t/which-kayak/42': forumPage(), '/guides': listingPage(), '/tides': ARTICLE_PAGE }[req.url ?? ''];
    if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(pages.address() as AddressInfo).port}`;
  db = await openTestDatabase('pglite');
  test = createTestApp(db, { config: testConfig({ FETCH_ALLOW_HOSTS: host }) });
  fake = await startFakeOpenAi({ chatReply: fakeScriptReply() });
  ai = createTestApp(db, {
    config: testConfig({ FETCH_ALLOW_HOSTS: host, OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.url }),
    auth: test.deps.auth,
    scriptWriter: createScriptWriter({ apiKey: FAKE_OPENAI_KEY, baseUrl: fake.url, model: undefined, logger: createLogger('silent'), timeoutMs: 10_000 }),
  });
  const res = await test.app.request('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'forum-thread@example.com', password: 'secret123' }),
  });
  token = ((await res.json()) as { token: string }).token;
});

afterAll(async () => {
  await test?.deps.jobs.stop?.();
  await ai?.deps.jobs.stop?.();
  await fake?.close();
  await db?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

const call = (path: string, body?: unknown, app = test) =>
  app.app.request(path, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

it('a thread of five posts is read post by post, each announced once by its author, without join dates or post counts', async () => {
  const created = await call('/api/podcasts', { url: `http://${host}/t/which-kayak/42`, mode: 'read' });
  expect(created.status).toBe(201);
  const { id } = podcastSchema.parse(await created.json());
  test.deps.jobs.start();
  let done: Podcast;
  try {
    done = await waitFor(async () => podcastSchema.parse(await (await call(`/api/podcasts/${id}`)).json()), (p) => ['ready', 'failed'].includes(p.status));
  } finally {
    await test.deps.jobs.stop?.();
  }
  expect(done.status).toBe('ready');
  const said = transcriptSchema.parse(await (await call(`/api/podcasts/${id}/transcript.json`)).json()).cues.map((c) => c.text).join(' ');
  let at = -1;
  for (const post of FORUM_POSTS) {
    const announced = said.indexOf(`${post.author} wrote:`, at + 1);
    const opening = said.indexOf(post.text.split('.')[0]!, announced);
    expect(announced, `${post.author} announced after the post before`).toBeGreaterThan(at);
    expect(opening, `${post.author}'s post read after the announcement`).toBeGreaterThan(announced);
    at = opening;
  }
  for (const author of ['riverwren', 'oxbowlake', 'tidepool']) expect(said.split(author)).toHaveLength(2);
  expect(said.split('crumbshot')).toHaveLength(3);
  expect(said).not.toMatch(/Joined|Mar 2024|\d+ posts/);
});

it('the AI is asked to tell a thread post by post with its authors, and a listing as a list; an article as an article', async () => {
  const made: Record<string, string> = {};
  for (const [name, path] of [['thread', '/t/which-kayak/42'], ['listing', '/guides'], ['article', '/tides']] as const) {
    const created = await call('/api/podcasts', { url: `http://${host}${path}`, mode: 'brief' }, ai);
    expect(created.status).toBe(201);
    made[name] = podcastSchema.parse(await created.json()).id;
  }
  ai.deps.jobs.start();
  try {
    for (const id of Object.values(made)) {
      const done = await waitFor(async () => podcastSchema.parse(await (await call(`/api/podcasts/${id}`, undefined, ai)).json()), (p) => ['ready', 'failed'].includes(p.status));
      expect(done.status).toBe('ready');
    }
  } finally {
    await ai.deps.jobs.stop?.();
  }
  // The script's requests (not the title's), each with the article's text it was given.
  const asked = fake.requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => (r.body as FakeChatRequest).messages)
    .filter((m) => !m[0]!.content.startsWith('You name podcast episodes'));
  const systemFor = (part: string) => asked.filter((m) => m.some((x) => x.role === 'user' && x.content.includes(part))).map((m) => m[0]!.content);
  const thread = systemFor(`${FORUM_POSTS[1]!.author} wrote:`);
  const listing = systemFor(LISTING_ITEMS[0]!.title);
  const article = systemFor('Paragraph 1: the moon');
  for (const prompts of [thread, listing, article]) expect(prompts.length).toBeGreaterThan(0);
  for (const system of thread) expect(system).toContain('The page is a discussion thread');
  for (const system of thread) expect(system).toContain('saying who said what by name');
  for (const system of listing) expect(system).toContain('Go through the items in order as a list');
  for (const system of article) expect(system).not.toMatch(/discussion thread|as a list/);
}, 240_000);
