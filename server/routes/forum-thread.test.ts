/**
 * A forum thread through the API: a thread of five posts, served with its posts in <noscript> and
 * each poster's details beside them, becomes a read-mode podcast that reads all five posts in order,
 * announces each by its author once ("riverwren wrote:"), and never says a join date or post count.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { FORUM_POSTS, forumPage } from '../test/kind-pages.ts';
import { waitFor } from '../test/wait.ts';

let pages: http.Server;
let host = '';
let db: TestDatabase & { close(): Promise<void> };
let test: ReturnType<typeof createTestApp>;
let token = '';

beforeAll(async () => {
  pages = http.createServer((req, res) => {
    if (req.url === '/t/which-kayak/42') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(forumPage());
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(pages.address() as AddressInfo).port}`;
  db = await openTestDatabase('pglite');
  test = createTestApp(db, { config: testConfig({ FETCH_ALLOW_HOSTS: host }) });
  const res = await test.app.request('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'forum-thread@example.com', password: 'secret123' }),
  });
  token = ((await res.json()) as { token: string }).token;
}, 60_000);

afterAll(async () => {
  await test?.deps.jobs.stop?.();
  await db?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

const call = (path: string, body?: unknown) =>
  test.app.request(path, {
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
    done = await waitFor(async () => podcastSchema.parse(await (await call(`/api/podcasts/${id}`)).json()), (p) => ['ready', 'failed'].includes(p.status), 150_000);
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
}, 180_000);
