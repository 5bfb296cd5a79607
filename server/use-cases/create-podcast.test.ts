/**
 * A podcast and its conversion job are stored together or not at all, and "retry" starts a podcast
 * that has no live job without ever giving one a second job. Over the real app, on PGlite and on
 * PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { jobs, podcasts } from '../db/schema.ts';
import { createTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { START_FAILED_MESSAGE } from './create-podcast.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const article = {
  title: 'The Lighthouse Keeper',
  text: 'The keeper climbed the stairs at dusk.\nHe lit the lamp and watched the ships pass.',
  sourceUrl: 'https://example.com/lighthouse',
};

describeEachDatabase('storing a podcast with its job', (ctx) => {
  let n = 0;
  const browser = () => `tx-browser-${ctx.kind}-${++n}-${Date.now()}`;
  const post = (app: ReturnType<typeof createTestApp>['app'], path: string, as: string, body?: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: as },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const podcastsOf = (token: string) => ctx.db.select().from(podcasts).where(eq(podcasts.anonymousToken, token));
  const jobsOf = (id: string) => ctx.db.select().from(jobs).where(eq(jobs.podcastId, id));

  it('stores no podcast and answers a clear error when the job cannot be queued', async () => {
    const real = createTestApp(ctx);
    const failing = createTestApp(ctx, {
      config: real.deps.config,
      jobs: {
        ...real.deps.jobs,
        enqueue: async (db, podcastId, now) => {
          await real.deps.jobs.enqueue(db, podcastId, now); // the job row is written, then the enqueue fails
          throw new Error('the queue is down');
        },
      },
    });
    const me = browser();
    const jobsBefore = await ctx.db.$count(jobs);
    const res = await post(failing.app, '/api/podcasts', me, article);
    expect(res.status).toBe(500);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: START_FAILED_MESSAGE });
    expect(await podcastsOf(me)).toEqual([]);
    expect(await ctx.db.$count(jobs)).toBe(jobsBefore);

    // The same request works once the queue does.
    const ok = await post(real.app, '/api/podcasts', me, article);
    expect(ok.status).toBe(201);
    const [row] = await podcastsOf(me);
    expect(await jobsOf(row!.id)).toHaveLength(1);
  });

  it('retries a podcast left queued without a job, once, however many retries arrive together', async () => {
    const t = createTestApp(ctx);
    const me = browser();
    const created = podcastSchema.parse(await (await post(t.app, '/api/podcasts', me, article)).json());
    // The job is gone (as after a crash before it was stored); the podcast still says queued.
    await ctx.db.delete(jobs).where(eq(jobs.podcastId, created.id));

    const answers = await Promise.all(Array.from({ length: 4 }, () => post(t.app, `/api/podcasts/${created.id}/retry`, me)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const retried = podcastSchema.parse(await answers.find((r) => r.status === 200)!.json());
    expect(retried).toMatchObject({ id: created.id, status: 'queued', progress: 0 });
    expect((await jobsOf(created.id)).filter((j) => j.status === 'queued')).toHaveLength(1);

    // The job runs and the podcast is made.
    t.deps.jobs.start();
    try {
      await expect
        .poll(async () => (await ctx.db.select().from(podcasts).where(eq(podcasts.id, created.id)))[0]?.status, { timeout: SAFETY_NET_MS, interval: 100 })
        .toBe('ready');
    } finally {
      await t.deps.jobs.stop();
    }
  });

  it('refuses to retry a podcast whose job is still live', async () => {
    const t = createTestApp(ctx);
    const me = browser();
    const created = podcastSchema.parse(await (await post(t.app, '/api/podcasts', me, article)).json());
    const res = await post(t.app, `/api/podcasts/${created.id}/retry`, me);
    expect(res.status).toBe(409);
    expect(await jobsOf(created.id)).toHaveLength(1);
  });
});
