import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { estimateResponseSchema, podcastSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { BILLING_ON, createTestApp, testConfig } from '../test/app.ts';
import { ARTICLE_TITLE, startArticlePages, type ArticlePages } from '../test/article-pages.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { clearRateLimits, setSubscriptionStatus } from '../test/rows.ts';

let pages: ArticlePages;
beforeAll(async () => {
  pages = await startArticlePages();
});
afterAll(() => pages.close());

const MINUTE_MS = 60_000;

describeEachDatabase('the hourly page limits', (ctx) => {
  // Every anonymous request here comes from the same (socketless) address: each test starts with fresh counts.
  beforeEach(() => clearRateLimits(ctx.db));

  type App = ReturnType<typeof createTestApp>;
  const appWith = (env: Record<string, string>, clock?: () => Date): App =>
    createTestApp(ctx, {
      config: testConfig({ FETCH_ALLOW_HOSTS: pages.host, ANONYMOUS_DAILY_PODCASTS: '100', ...env }),
      ...(clock ? { clock } : {}),
    });
  const post = (t: App, path: string, body: unknown, token?: string) =>
    t.app.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [ANONYMOUS_TOKEN_HEADER]: `page-limits-browser-${ctx.kind}`,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const estimate = (t: App, path: string, token?: string) => post(t, '/api/podcasts/estimate', { url: `${pages.url}${path}` }, token);
  const create = (t: App, path: string, token?: string) => post(t, '/api/podcasts', { url: `${pages.url}${path}` }, token);
  /** A page address of its own for this database's run: the article server counts the requests per address. */
  const own = (path: '/article' | '/missing' | '/empty', tag: string) => `${path}?${tag}-${ctx.kind}`;
  const messageOf = async (res: Response) => errorBodySchema.parse(await res.json()).error.message;
  const register = async (t: App, email: string): Promise<string> => {
    const res = await post(t, '/api/auth/register', { email, password: 'secret123' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  };

  it('fetches a page once for its estimate and the Create right after, and counts it once', async () => {
    const t = appWith({ FETCHES_PER_HOUR: '1' });
    const path = own('/article', 'once');
    const estimated = await estimate(t, path);
    expect(estimated.status).toBe(200);
    expect(estimateResponseSchema.parse(await estimated.json()).title).toBe(ARTICLE_TITLE);
    // The same address, its fragment aside.
    const created = await post(t, '/api/podcasts', { url: `${pages.url}${path}#the-keepers`, mode: 'read' });
    expect(created.status).toBe(201);
    expect(podcastSchema.parse(await created.json()).title).toBe(ARTICLE_TITLE);
    expect(pages.requests(path)).toBe(1);

    // One page counted: the hour's only page is used, so another address is refused unfetched.
    const other = own('/article', 'other');
    expect((await estimate(t, other)).status).toBe(429);
    expect(pages.requests(other)).toBe(0);
  });

  it('fetches the page again once it has been kept five minutes', async () => {
    const started = new Date();
    let now = started;
    const t = appWith({}, () => now);
    const path = own('/article', 'kept');
    expect((await estimate(t, path)).status).toBe(200);
    now = new Date(started.getTime() + 4 * MINUTE_MS);
    expect((await create(t, path)).status).toBe(201);
    expect(pages.requests(path)).toBe(1);
    now = new Date(started.getTime() + 10 * MINUTE_MS);
    expect((await create(t, path)).status).toBe(201);
    expect(pages.requests(path)).toBe(2);
  });

  it('counts pages that could not be read apart: they use none of the pages an hour', async () => {
    const t = appWith({ FETCHES_PER_HOUR: '2', FAILED_FETCHES_PER_HOUR: '4' });
    expect((await estimate(t, own('/missing', 'missing'))).status).toBe(422);
    expect((await create(t, own('/empty', 'empty'))).status).toBe(422);
    // An estimate then a Create of the same unreadable page: one fetch, one failure, the same answer.
    const typo = own('/missing', 'typo');
    const estimated = await estimate(t, typo);
    const created = await create(t, typo);
    expect([estimated.status, created.status]).toEqual([422, 422]);
    expect(await messageOf(created)).toBe(await messageOf(estimated));
    expect(pages.requests(typo)).toBe(1);

    // Three failures, and both of the hour's pages are still there.
    expect((await estimate(t, own('/article', 'good-1'))).status).toBe(200);
    expect((await create(t, own('/article', 'good-2'))).status).toBe(201);
    const third = await estimate(t, own('/article', 'good-3'));
    expect(third.status).toBe(429);
    expect(await messageOf(third)).toMatch(/^Too many pages fetched in the last hour\. Try again in \d+ minutes?\.$/);
  });

  it('stops fetching at the limit of pages that could not be read, and still answers a page it has just read', async () => {
    const t = appWith({ FAILED_FETCHES_PER_HOUR: '2' });
    const read = own('/article', 'read');
    expect((await estimate(t, read)).status).toBe(200);
    expect((await estimate(t, own('/missing', '1'))).status).toBe(422);
    expect((await estimate(t, own('/missing', '2'))).status).toBe(422);

    const hammered = own('/missing', '3');
    const refused = await create(t, hammered);
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^Too many pages could not be read in the last hour\. Try again in \d+ minutes?\.$/);
    expect(pages.requests(hammered)).toBe(0);
    // The page its estimate read moments ago needs no fetch, so its Create goes through.
    expect((await create(t, read)).status).toBe(201);
    expect(pages.requests(read)).toBe(1);
  });

  it('gives a Premium member the higher limit; free members and anonymous visitors share the lower one', async () => {
    const t = appWith({ ...BILLING_ON, FETCHES_PER_HOUR: '1', PREMIUM_FETCHES_PER_HOUR: '3' });
    const free = await register(t, `pages-free-${ctx.kind}@example.com`);
    const premiumEmail = `pages-premium-${ctx.kind}@example.com`;
    const premium = await register(t, premiumEmail);
    await setSubscriptionStatus(ctx.db, premiumEmail, 'active');
    const statuses = async (who: string, token?: string) => {
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await estimate(t, own('/article', `${who}-${i}`), token)).status);
      return answers;
    };
    expect(await statuses('premium', premium)).toEqual([200, 200, 200, 429]);
    expect(await statuses('free', free)).toEqual([200, 429, 429, 429]);
    expect(await statuses('anonymous')).toEqual([200, 429, 429, 429]);
  });

  it('answers a refusal with 429, Retry-After until a page may be fetched again, and the same wait in words', async () => {
    const started = new Date();
    let now = started;
    const t = appWith({ FETCHES_PER_HOUR: '1' }, () => now);
    expect((await estimate(t, own('/article', 'first'))).status).toBe(200);

    now = new Date(started.getTime() + 48 * MINUTE_MS);
    const refused = await create(t, own('/article', 'second'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(12 * 60));
    expect(await messageOf(refused)).toBe('Too many pages fetched in the last hour. Try again in 12 minutes.');

    // Asking again while refused moves nothing; once the hour is over the page is fetched.
    now = new Date(started.getTime() + 59 * MINUTE_MS + 30_000);
    const last = await create(t, own('/article', 'second'));
    expect(last.headers.get('retry-after')).toBe('30');
    expect(await messageOf(last)).toBe('Too many pages fetched in the last hour. Try again in 30 seconds.');
    now = new Date(started.getTime() + 60 * MINUTE_MS + 1000);
    expect((await create(t, own('/article', 'second'))).status).toBe(201);
  });

  it('says when the daily allowance comes back', async () => {
    const started = new Date();
    let now = started;
    const t = appWith({ ANONYMOUS_DAILY_PODCASTS: '1' }, () => now);
    expect((await create(t, own('/article', 'today'))).status).toBe(201);
    now = new Date(started.getTime() + 60 * MINUTE_MS + 30 * MINUTE_MS);
    const refused = await create(t, own('/article', 'tomorrow'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String((22 * 60 + 30) * 60));
    expect(await messageOf(refused)).toBe("You have reached today's limit of 1 podcast. Sign in to make more. Try again in 22 hours and 30 minutes.");
    // Refused before any fetch.
    expect(pages.requests(own('/article', 'tomorrow'))).toBe(0);
  });
});
