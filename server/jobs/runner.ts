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
import { cancelJob, claimJob, completeJob, failJob, releaseJob, renewLease, slotWanted, type Job } from '../repositories/job-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';

/**
 * Writes a job's last state (its podcast's, say) and marks the job done in one transaction: both
 * land, or neither and the job is retried.
 */
export type JobClose = <T>(write: (tx: Database) => Promise<T>) => Promise<T>;

/**
 * Whether the running job should give its slot up now: to another member's job whose first part is
 * not made yet (it waits for no one's long job) or any other after a turn (TURN_MS); or, once its own
 * podcast has audio, to its owner's newest podcast that has none (the one they are about to hear).
 */
export interface JobTurn {
  over(): Promise<boolean>;
}

/** Thrown by a handler whose turn is over at a point it can resume from: the job goes back to the queue. */
export class JobYieldedError extends Error {
  override readonly name = 'JobYieldedError';
  constructor() {
    super('the job gave its slot to another job');
  }
}

/** How long a job runs before it gives its slot to another member's waiting job. */
export const TURN_MS = 30_000;
/** How often a running job asks whether its turn is over. */
const TURN_CHECK_MS = 250;

export interface JobHandler {
  /** Runs the job; a run that ends without calling `close` is marked done after. */
  run(job: Job, signal: AbortSignal, close: JobClose, turn: JobTurn): Promise<void>;
  /**
   * Called once the job will not be tried again, in the transaction that marks it failed; answers
   * what to do once that has committed (tell listeners).
   */
  giveUp(job: Job, error: unknown, tx: Database): Promise<(() => void) | void>;
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
  /** A job's turn before it yields to another member's job that has some audio already (TURN_MS). */
  turnMs?: number;
}

/** A job that yielded to `prefer`: released once its slot has claimed again. */
interface Handoff {
  prefer: string;
  release: () => Promise<void>;
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
  const turnMs = options.turnMs ?? TURN_MS;
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

  /**
   * Runs the job. One that gave its slot to its owner's newest podcast answers that podcast's job, for
   * this slot to claim next, and is handed back to the queue only after that claim (so no other job
   * of the owner yields for it meanwhile).
   */
  async function runOne(job: Job): Promise<Handoff | null> {
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
    let closed = false;
    const close: JobClose = async (write) => {
      const value = await inTransaction(db, async (tx) => {
        const result = await write(tx);
        if (!(await completeJob(tx, job))) throw new LeaseLostError();
        return result;
      }).catch((err: unknown) => {
        // Nothing of the close landed: the job runs again and closes then.
        throw err instanceof LeaseLostError ? err : new RetryableError('closing the job failed', { cause: err });
      });
      closed = true;
      return value;
    };
    const startedAt = Date.now();
    let checkedAt = 0;
    let yieldedTo: string | null = null;
    const turn: JobTurn = {
      async over() {
        const now = Date.now();
        // A slot of this process that is idle takes the waiting job itself.
        if (now - checkedAt < TURN_CHECK_MS || wakers.size > 0) return false;
        checkedAt = now;
        const wanted = await slotWanted(db, job, { firstPartOnly: now - startedAt < turnMs });
        yieldedTo = wanted?.prefer ?? null;
        return wanted !== null;
      },
    };
    try {
      await handler.run(job, jobAbort.signal, close, turn);
      if (closed || (await completeJob(db, job))) log.info('job done');
      else log.warn('job finished after another worker took it over; that worker owns it now');
    } catch (err) {
      if (handler.cancelled?.(err)) {
        // Checked first: a deleted podcast takes its job row along, which the lease renewal reads as a lost lease.
        await cancelJob(db, job).catch((e) => log.warn('cancelling the job failed', { err: e }));
        log.info('job cancelled', { reason: err instanceof Error ? err.message : String(err) });
        return null;
      }
      if (err instanceof LeaseLostError || jobAbort.signal.reason instanceof LeaseLostError) {
        // Another worker claimed the job after this one stalled past its lease: it is theirs now.
        log.warn('job lease lost; leaving the job to the worker that took it over');
        return null;
      }
      if (err instanceof JobYieldedError) {
        log.info('job yielded its slot; it resumes where it stopped', { to: yieldedTo ?? 'another member\'s job' });
        const release = () => releaseJob(db, job).catch((e: unknown) => log.warn('releasing the job failed', { err: e }));
        if (yieldedTo) return { prefer: yieldedTo, release };
        await release();
        return null;
      }
      if (controller.signal.aborted) {
        log.info('job interrupted by shutdown; it resumes after restart');
        await releaseJob(db, job).catch((e) => log.warn('releasing the job failed', { err: e }));
        return null;
      }
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof RetryableError && job.attempts < maxAttempts) {
        const delay = backoffBaseMs * 2 ** (job.attempts - 1);
        log.warn('job failed; retrying', { err, retryInMs: delay });
        await failJob(db, job, message, new Date(Date.now() + delay));
      } else {
        // The job's failure and its podcast's land together; if that fails, the lease runs out and it runs again.
        const gaveUp = await inTransaction(db, async (tx) => ((await failJob(tx, job, message, null)) ? { after: await handler.giveUp(job, err, tx) } : null)).catch(
          (e: unknown) => void log.error('recording the failure failed', { err: e }),
        );
        if (gaveUp) {
          log.error('job failed', { err });
          gaveUp.after?.();
        }
      }
    } finally {
      clearInterval(lease);
      controller.signal.removeEventListener('abort', onStop);
    }
    return null;
  }

  async function loop(slot: number) {
    // Each slot claims under its own name, so a slot never mistakes a job another slot took over for its own.
    const claimant = `${workerId}/${slot}`;
    // The job this slot's last job gave its slot to (a member's newest podcast) is claimed next.
    let handoff: Handoff | null = null;
    while (running) {
      let job: Job | null = null;
      try {
        job = await claimJob(db, claimant, leaseMs, new Date(), handoff?.prefer ?? null);
      } catch (err) {
        if (running) logger.error('claiming a job failed', { err });
      }
      await handoff?.release();
      handoff = null;
      if (job) handoff = await runOne(job);
      else if (running) await sleep(pollMs);
    }
    await handoff?.release();
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
