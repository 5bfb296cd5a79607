/**
 * The page a podcast was made from: only an http(s) address is stored and answered, since the clients
 * show it as a link; an address of another scheme is refused, a local file's is kept as none.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { insertPodcasts, podcastById } from '../test/rows.ts';

describeEachDatabase("a podcast's source address", (ctx) => {
  const browser = `source-browser-${randomUUID()}`;
  let app: ReturnType<typeof createTestApp>['app'];
  beforeAll(() => {
    app = createTestApp(ctx, { config: testConfig({ ANONYMOUS_DAILY_PODCASTS: '1000' }) }).app;
  });
  const send = (path: string, body?: unknown) =>
    app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: browser },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const article = (sourceUrl: string) => ({ title: 'Bees', text: 'Bees see blue better than any other colour.', sourceUrl });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript://example.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:https://example.com/0f4c',
  ])('refuses %s with 400', async (sourceUrl) => {
    const res = await send('/api/podcasts', article(sourceUrl));
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).error).toMatchObject({ code: 'INVALID_URL' });
  });

  it('stores a web address in its canonical form, and a local file page as no address', async () => {
    const web = podcastSchema.parse(await (await send('/api/podcasts', article(' HTTPS://Example.com/a b '))).json());
    expect(web.sourceUrl).toBe('https://example.com/a%20b');
    expect((await podcastById(ctx.db, web.id))!.sourceUrl).toBe('https://example.com/a%20b');

    const local = await send('/api/podcasts', article('file:///home/ann/notes.html'));
    expect(local.status).toBe(201);
    const made = podcastSchema.parse(await local.json());
    expect(made.sourceUrl).toBeNull();
    expect((await podcastById(ctx.db, made.id))!.sourceUrl).toBeNull();
  });

  it('never answers a stored address of another scheme (a row from before), so no client links to it', async () => {
    const id = randomUUID();
    await insertPodcasts(ctx.db, { id, title: 'Old', anonymousToken: browser, sourceUrl: 'javascript:alert(1)' });
    const old = podcastSchema.parse(await (await send(`/api/podcasts/${id}`)).json());
    expect(old.sourceUrl).toBeNull();
    const list = (await (await send('/api/podcasts')).json()) as { podcasts: Array<{ id: string; sourceUrl: string | null }> };
    expect(list.podcasts.find((p) => p.id === id)?.sourceUrl).toBeNull();
  });
});
