/**
 * Runs queued jobs inside the server process with bounded concurrency. Each slot polls the queue,
 * claims a job, keeps its lease fresh while the handler runs, and on a fault either schedules a retry
 * with exponential backoff or, after the last attempt, lets the handler record the failure. A fault
 * the handler calls a cancellation (the job's work is gone) ends the job at once, as no failure.
 */
import crypto from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { RetryableError } from '../errors.ts';
import { cancelJob, claimJob, completeJob, failJob, releaseJob, renewLease, type Job } from '../repositories/job-repository.ts';

export interface JobHandler {
  run(job: Job, signal: AbortSignal): Promise<void>;
  /** Called once the job will not be tried again. */
  giveUp(job: Job, error: unknown): Promise<void>;
  /** Whether the run stopped because there is nothing left to do (its podcast was deleted): not retried, not failed. */
  cancelled?(error: unknown): boolean;
}

/** A worker stalled past its lease and another worker claimed the job. */
class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor() {
    super('lease lost');
  }
}


export interface JobRunnerOptions {
  db: Database;
  logger: Logger;
  handler: JobHandler;
  concurrency: number;
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Backoff before attempt n+1: base * 2^(n-1). */
  backoffBaseMs?: number;
}

export interface JobRunner {
  start(): void;
  /** Wakes idle slots now (after a job was queued) instead of at the next poll. */
  nudge(): void;
  /** Stops claiming, aborts running jobs and waits for them to settle. */
  stop(): Promise<void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, logger, handler } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const backoffBaseMs = options.backoffBaseMs ?? 2000;
  const workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const controller = new AbortController();
  const wakers = new Set<() => void>();
  const loops: Promise<void>[] = [];
  let running = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });

  async function runOne(job: Job) {
    const log = logger.child({ jobId: job.id, podcastId: job.podcastId, attempt: job.attempts });
    const jobAbort = new AbortController();
    const onStop = () => jobAbort.abort(new Error('server shutting down'));
    controller.signal.addEventListener('abort', onStop);
    const lease = setInterval(() => {
      renewLease(db, job, leaseMs).then(
        (held) => {
          if (!held) jobAbort.abort(new LeaseLostError());
        },
        (err) => log.warn('lease renewal failed', { err }),
      );
    }, leaseMs / 3);
    log.debug('job claimed');
    try {
      await handler.run(job, jobAbort.signal);
      if (await completeJob(db, job)) log.info('job done');
      else log.warn('job finished after another worker took it over; that worker owns it now');
    } catch (err) {
      if (handler.cancelled?.(err)) {
        // Checked first: a deleted podcast takes its job row along, which the lease renewal reads as a lost lease.
        await cancelJob(db, job).catch((e) => log.warn('cancelling the job failed', { err: e }));
        log.info('job cancelled', { reason: err instanceof Error ? err.message : String(err) });
        return;
      }
      if (jobAbort.signal.reason instanceof LeaseLostError) {
        // Another worker claimed the job after this one stalled past its lease: it is theirs now.
        log.warn('job lease lost; leaving the job to the worker that took it over');
        return;
      }
      if (controller.signal.aborted) {
        log.info('job interrupted by shutdown; it resumes after restart');
        await releaseJob(db, job).catch((e) => log.warn('releasing the job failed', { err: e }));
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof RetryableError && job.attempts < maxAttempts) {
        const delay = backoffBaseMs * 2 ** (job.attempts - 1);
        log.warn('job failed; retrying', { err, retryInMs: delay });
        await failJob(db, job, message, new Date(Date.now() + delay));
      } else if (await failJob(db, job, message, null)) {
        log.error('job failed', { err });
        await handler.giveUp(job, err).catch((e) => log.error('recording the failure failed', { err: e }));
      }
    } finally {
      clearInterval(lease);
      controller.signal.removeEventListener('abort', onStop);
    }
  }

  async function loop(slot: number) {
    // Each slot claims under its own name, so a slot never mistakes a job another slot took over for its own.
    const claimant = `${workerId}/${slot}`;
    while (running) {
      let job: Job | null = null;
      try {
        job = await claimJob(db, claimant, leaseMs);
      } catch (err) {
        if (running) logger.error('claiming a job failed', { err });
      }
      if (job) await runOne(job);
      else if (running) await sleep(pollMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      for (let i = 0; i < options.concurrency; i++) loops.push(loop(i));
    },
    nudge() {
      for (const wake of [...wakers]) wake();
    },
    async stop() {
      running = false;
      controller.abort();
      this.nudge();
      await Promise.all(loops);
    },
  };
}
