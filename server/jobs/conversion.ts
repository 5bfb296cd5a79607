/** The conversion jobs: a job runner whose handler runs the pipeline over a podcast, and how to queue one. */
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { enqueueJob } from '../repositories/job-repository.ts';
import { createJobRunner, type JobHandler, type JobRunner } from './runner.ts';

export interface ConversionJobs extends JobRunner {
  /** Queues the podcast's conversion on `db` (a transaction, so it lands with the podcast or not at all). */
  enqueue(db: Database, podcastId: string, now: Date): Promise<void>;
}

export interface ConversionJobsOptions {
  db: Database;
  logger: Logger;
  handler: JobHandler;
  concurrency: number;
  leaseMs: number;
  pollMs?: number;
  backoffBaseMs?: number;
}

export function createConversionJobs(options: ConversionJobsOptions): ConversionJobs {
  const runner = createJobRunner({ ...options, logger: options.logger.child({ component: 'jobs' }) });
  return {
    ...runner,
    async enqueue(db, podcastId, now) {
      await enqueueJob(db, podcastId, 'convert', now);
    },
  };
}
