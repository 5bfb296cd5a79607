/**
 * A share link's page as the server sends it: the web app with the podcast's Open Graph and Twitter
 * card tags (escaped), so a pasted link previews without JavaScript; a link that shares nothing
 * answers 404 with the same web app, which says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { shareResponseSchema } from '../../shared/api/premium.ts';
import { BILLING_ON, createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { ALL_FORBIDDEN, forbiddenIn, wordsOf } from '../test/forbidden-characters.ts';
import { setSubscriptionStatus } from '../test/rows.ts';
import { waitFor } from '../test/wait.ts';

const PUBLIC_URL = 'https://pagecast.test';
const INDEX_HTML = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'webapp', 'index.html'), 'utf8');
const TRICKY_TITLE = `Tom & Jerry's "<b>best</b>" day $& more`;

describeEachDatabase('the page of a share link', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let token: string;
  let podcast: Podcast;
  let pagePath: string;

  const call = (url: string, auth: string | null = token, init: RequestInit = {}) =>
    t.app.request(new URL(url, PUBLIC_URL).href, {
      ...init,
      headers: { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  const metaOf = (html: string) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const tags = Object.fromEntries(
      [...doc.querySelectorAll('meta[property], meta[name]')].map((m) => [m.getAttribute('property') ?? m.getAttribute('name'), m.getAttribute('content')]),
    );
    return { doc, tags };
  };

  beforeAll(async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    t = createTestApp(ctx, {
      config: testConfig({
        WEB_DIST_DIR: webDist,
        PUBLIC_URL,
        ...BILLING_ON,
      }),
    });
    t.deps.jobs.start();
    const email = `share-page-${ctx.kind}@example.com`;
    const res = await call('/api/auth/register', null, { method: 'POST', body: JSON.stringify({ email, password: 'secret123' }) });
    token = ((await res.json()) as { token: string }).token;
    await setSubscriptionStatus(ctx.db, email, 'active');
    const article = {
      title: 'Harbour notes',
      text: 'The harbour wakes before the town does. Fishing boats leave in a line.\nBy noon the quay is quiet again.',
      sourceUrl: 'https://example.com/harbour',
    };
    const created = podcastSchema.parse(await (await call('/api/podcasts', token, { method: 'POST', body: JSON.stringify(article) })).json());
    await waitFor(
      async () => podcastSchema.parse(await (await call(`/api/podcasts/${created.id}`)).json()),
      (p) => p.status === 'ready' || p.status === 'failed',
    );
    podcast = podcastSchema.parse(await (await call(`/api/podcasts/${created.id}`, token, { method: 'PATCH', body: JSON.stringify({ title: TRICKY_TITLE }) })).json());
    const { url } = shareResponseSchema.parse(await (await call(`/api/podcasts/${podcast.id}/share`, token, { method: 'POST' })).json());
    pagePath = new URL(url).pathname;
  });
  afterAll(() => t.deps.jobs.stop());

  it('carries the podcast’s preview tags in the HTML, escaped', async () => {
    expect(podcast.title).toBe(TRICKY_TITLE);
    const res = await call(pagePath, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toContain('<b>best</b>');
    const { doc, tags } = metaOf(html);
    expect(doc.querySelector('#root')).not.toBeNull(); // the web app still runs
    expect(doc.querySelector('title')!.textContent).toBe(`${TRICKY_TITLE} · Pagecast`);
    expect(tags).toMatchObject({
      'og:type': 'website',
      'og:title': TRICKY_TITLE,
      'og:url': `${PUBLIC_URL}${pagePath}`,
      'og:image': `${PUBLIC_URL}/podcast-cover.png`,
      'og:image:width': '1400',
      'og:image:height': '1400',
      'og:audio:type': 'audio/mpeg',
      'twitter:card': 'summary',
      'twitter:title': TRICKY_TITLE,
      'twitter:image': `${PUBLIC_URL}/podcast-cover.png`,
    });
    expect(tags['og:description']).toBe('The harbour wakes before the town does. Fishing boats leave in a line. By noon the quay is quiet again.');
    expect(tags['twitter:description']).toBe(tags['og:description']);
    expect(tags.description).toBe(tags['og:description']);
    // The audio it names plays with no session.
    const audio = await call(tags['og:audio']!, null, { method: 'HEAD' });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
  });

  it('leaves control characters out of the preview, keeping the words around them', async () => {
    const X = ALL_FORBIDDEN;
    const article = { title: `Tide${X} tables`, text: `High water${X} comes at noon today.`, sourceUrl: 'https://example.com/tides' };
    const created = podcastSchema.parse(await (await call('/api/podcasts', token, { method: 'POST', body: JSON.stringify(article) })).json());
    await waitFor(
      async () => podcastSchema.parse(await (await call(`/api/podcasts/${created.id}`)).json()),
      (p) => p.status === 'ready' || p.status === 'failed',
    );
    const { url } = shareResponseSchema.parse(await (await call(`/api/podcasts/${created.id}/share`, token, { method: 'POST' })).json());
    const res = await call(new URL(url).pathname, null);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(forbiddenIn(html)).toEqual([]);
    const { doc, tags } = metaOf(html);
    expect(wordsOf(doc.querySelector('title')!.textContent!)).toBe('Tide tables · Pagecast');
    for (const key of ['og:title', 'twitter:title']) expect(wordsOf(tags[key]!)).toBe('Tide tables');
    for (const key of ['og:description', 'twitter:description', 'description']) expect(wordsOf(tags[key]!)).toBe('High water comes at noon today.');
  });

  it('answers 404 with the web app when the link shares nothing', async () => {
    expect((await call(`/api/podcasts/${podcast.id}/share`, token, { method: 'DELETE' })).status).toBe(200);
    for (const gone of [pagePath, '/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/shared/not-a-token']) {
      const res = await call(gone, null);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const { doc, tags } = metaOf(await res.text());
      expect(doc.querySelector('#root')).not.toBeNull();
      expect(tags['og:title']).toBeUndefined();
      expect(tags.robots).toBe('noindex');
    }
  });
});
