/**
 * The followed feeds' schedule: every tick, a check job is queued for each feed that is due and
 * followed (at most one live per feed, whichever process queues it), and the job runner's slots run
 * them like any job. Every process that runs jobs ticks; the database keeps them from doubling up.
 * On start, checks a longer interval scheduled move up to the interval now configured.
 */
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { rescheduleFeedChecks } from '../repositories/feed-schedule-repository.ts';
import { queueDueFeedChecks } from '../repositories/follow-repository.ts';

export interface FeedCheckSchedule {
  start(): void;
  stop(): void;
}

/** Ticks a few times an interval: often enough to be on time, rarely enough to cost nothing. */
export function tickMsFor(intervalMs: number): number {
  return Math.min(30_000, Math.max(200, Math.round(intervalMs / 6)));
}

export function createFeedCheckSchedule(options: {
  db: Database;
  logger: Logger;
  clock: () => Date;
  tickMs: number;
  /** The interval between checks: checks scheduled under a longer one move up when the schedule starts. */
  intervalMs: number;
  queued: () => void;
}): FeedCheckSchedule {
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      if ((await queueDueFeedChecks(options.db, options.clock())) > 0) options.queued();
    } catch (err) {
      options.logger.warn('queueing feed checks failed', { err });
    } finally {
      ticking = false;
    }
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), options.tickMs);
      timer.unref();
      void rescheduleFeedChecks(options.db, options.clock(), options.intervalMs)
        .then((moved) => moved > 0 && options.logger.info('feed checks moved up to the interval', { moved, intervalMs: options.intervalMs }))
        .catch((err: unknown) => options.logger.warn('moving up feed checks failed', { err }))
        .finally(() => void tick());
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
