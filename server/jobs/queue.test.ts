import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { jobs, podcasts } from '../db/schema.ts';
import { createLogger, type LogSink } from '../lib/logger.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { claimJob, completeJob, enqueueJob, failJob } from '../repositories/job-repository.ts';
import { RetryableError } from '../errors.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

describeEachDatabase('the job queue', (ctx) => {
  let n = 0;
  const newPodcast = async () => {
    const id = `p${++n}-${Date.now()}`;
    await ctx.db.insert(podcasts).values({ id, title: 't' });
    return id;
  };
  const clear = () => ctx.db.delete(jobs);
  const runners: JobRunner[] = [];
  /** A runner over this database that polls fast: one slot unless told otherwise; stopped after its test whatever happened. */
  const runnerFor = (options: Partial<JobRunnerOptions> & Pick<JobRunnerOptions, 'handler'>) => {
    const runner = createJobRunner({ db: ctx.db, logger: createLogger('silent'), concurrency: 1, pollMs: 20, ...options });
    runners.push(runner);
    return runner;
  };
  // A test that failed leaves no runner claiming the next test's jobs.
  afterEach(() => Promise.all(runners.splice(0).map((runner) => runner.stop())));

  it('hands a queued job to one worker only, and a lapsed lease to the next', async () => {
    await clear();
    const podcastId = await newPodcast();
    await enqueueJob(ctx.db, podcastId, 'convert');
    const now = new Date();
    const first = await claimJob(ctx.db, 'a', 1000, now);
    expect(first?.podcastId).toBe(podcastId);
    expect(first?.attempts).toBe(1);
    expect(await claimJob(ctx.db, 'b', 1000, now)).toBeNull();
    // The first worker died: its lease runs out and the job is claimable again.
    const later = new Date(now.getTime() + 1500);
    const second = await claimJob(ctx.db, 'b', 1000, later);
    expect(second?.id).toBe(first?.id);
    expect(second?.attempts).toBe(2);
    await completeJob(ctx.db, second!);
    expect(await claimJob(ctx.db, 'c', 1000, new Date(later.getTime() + 5000))).toBeNull();
  });

  it('waits for a retry to come due', async () => {
    await clear();
    await enqueueJob(ctx.db, await newPodcast(), 'convert');
    const job = await claimJob(ctx.db, 'a', 1000);
    const retryAt = new Date(Date.now() + 60_000);
    await failJob(ctx.db, job!, 'provider down', retryAt);
    expect(await claimJob(ctx.db, 'a', 1000)).toBeNull();
    expect((await claimJob(ctx.db, 'a', 1000, new Date(retryAt.getTime() + 1)))?.id).toBe(job!.id);
  });

  // PGlite has one connection; the race needs two.
  it.skipIf(ctx.kind !== 'postgres')('never gives one job to two connections claiming at the same moment', async () => {
    await clear();
    for (let i = 0; i < 20; i++) await enqueueJob(ctx.db, await newPodcast(), 'convert');
    const other = await openDatabase({ databaseUrl: ctx.url!, migrate: false });
    try {
      const claimAll = async (db: typeof ctx.db, worker: string) => {
        const got: string[] = [];
        for (;;) {
          const job = await claimJob(db, worker, 60_000);
          if (!job) return got;
          got.push(job.id);
        }
      };
      const [a, b] = await Promise.all([claimAll(ctx.db, 'a'), claimAll(other.db, 'b')]);
      expect(a.length + b.length).toBe(20);
      expect(new Set([...a, ...b]).size).toBe(20);
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('retries provider faults with backoff and gives up after the last attempt', async () => {
    await clear();
    const podcastId = await newPodcast();
    await enqueueJob(ctx.db, podcastId, 'convert');
    const attempts: number[] = [];
    let gaveUp: unknown = null;
    const runner = runnerFor({
      maxAttempts: 3,
      backoffBaseMs: 30,
      handler: {
        run: async (job) => {
          attempts.push(job.attempts);
          throw new RetryableError('speech provider answered 503');
        },
        giveUp: async (_job, error) => {
          gaveUp = error;
        },
      },
    });
    runner.start();
    await expect.poll(() => gaveUp, { timeout: SAFETY_NET_MS }).toBeInstanceOf(RetryableError);
    await runner.stop();
    expect(attempts).toEqual([1, 2, 3]);
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.podcastId, podcastId));
    expect(row).toMatchObject({ status: 'failed', lastError: 'speech provider answered 503' });
  });

  it('fails a job at once on a fault that is not worth retrying', async () => {
    await clear();
    await enqueueJob(ctx.db, await newPodcast(), 'convert');
    let runs = 0;
    let gaveUp = false;
    const runner = runnerFor({
      concurrency: 2,
      handler: {
        run: async () => {
          runs++;
          throw new Error('bug');
        },
        giveUp: async () => {
          gaveUp = true;
        },
      },
    });
    runner.start();
    await expect.poll(() => gaveUp, { timeout: SAFETY_NET_MS }).toBe(true);
    await runner.stop();
    expect(runs).toBe(1);
  });

  it('ends a job whose work is gone as cancelled, logged at info, neither retried nor failed', async () => {
    await clear();
    const podcastId = await newPodcast();
    await enqueueJob(ctx.db, podcastId, 'convert');
    class GoneError extends RetryableError {}
    const lines: Record<string, unknown>[] = [];
    const sink: LogSink = (line) => void lines.push(JSON.parse(line) as Record<string, unknown>);
    let runs = 0;
    let gaveUp = false;
    const runner = runnerFor({
      logger: createLogger('debug', {}, sink),
      backoffBaseMs: 10,
      handler: {
        run: async () => {
          runs++;
          throw new GoneError('the podcast was deleted');
        },
        giveUp: async () => {
          gaveUp = true;
        },
        cancelled: (error) => error instanceof GoneError,
      },
    });
    runner.start();
    await expect.poll(async () => (await ctx.db.select().from(jobs).where(eq(jobs.podcastId, podcastId)))[0]?.status, { timeout: SAFETY_NET_MS }).toBe('cancelled');
    await runner.stop();
    expect(runs).toBe(1);
    expect(gaveUp).toBe(false);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', msg: 'job cancelled', reason: 'the podcast was deleted', podcastId }));
    expect(lines.filter((l) => l.level !== 'info' && l.level !== 'debug')).toEqual([]);
  });

  it('leaves a job to the worker that took it over when the first one stalled past its lease', async () => {
    await clear();
    const podcastId = await newPodcast();
    await enqueueJob(ctx.db, podcastId, 'convert');
    const gaveUp: string[] = [];
    const messages: string[] = [];
    let stalledStarted = false;
    const stalling = runnerFor({
      leaseMs: 300,
      logger: createLogger('info', {}, (line) => void messages.push((JSON.parse(line) as { msg: string }).msg)),
      handler: {
        run: (_job, signal) =>
          new Promise((_, reject) => {
            stalledStarted = true;
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
        giveUp: async () => void gaveUp.push('stalling'),
      },
    });
    stalling.start();
    await expect.poll(() => stalledStarted, { timeout: SAFETY_NET_MS }).toBe(true);
    // Another worker claims it as at a time past the stalled worker's lease (a clock of its own, so no
    // renewal of the first can come between the lapse and the claim).
    const taken = await claimJob(ctx.db, 'other', 60_000, new Date(Date.now() + 60_000));
    expect(taken?.podcastId).toBe(podcastId);
    // The first worker's next renewal finds the job gone to the other, and it lets go without failing it.
    await expect.poll(() => messages, { timeout: SAFETY_NET_MS }).toContain('job lease lost; leaving the job to the worker that took it over');
    expect(await completeJob(ctx.db, taken!)).toBe(true);
    expect((await ctx.db.select().from(jobs))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(gaveUp).toEqual([]);
  });

  it('hands a job interrupted by shutdown back to the queue at once', async () => {
    await clear();
    await enqueueJob(ctx.db, await newPodcast(), 'convert');
    let started = false;
    const runner = runnerFor({
      handler: {
        run: (_job, signal) =>
          new Promise((_, reject) => {
            started = true;
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
        giveUp: async () => {},
      },
    });
    runner.start();
    await expect.poll(() => started, { timeout: SAFETY_NET_MS }).toBe(true);
    await runner.stop();
    const [row] = await ctx.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await claimJob(ctx.db, 'next', 1000)).not.toBeNull();
  });
});
