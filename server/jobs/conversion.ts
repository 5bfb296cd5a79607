import type { AppDeps } from '../deps.ts';
import { markConversionFailed, runConversion, type ConversionDeps } from '../services/pipeline/convert.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

/** The job runner that converts podcasts, over the app's dependencies. */
export function createConversionRunner(
  deps: Omit<ConversionDeps, never> & Pick<AppDeps, 'config'>,
  options: { pollMs?: number; leaseMs?: number; backoffBaseMs?: number } = {},
): JobRunner {
  return createJobRunner({
    db: deps.db,
    logger: deps.logger.child({ component: 'jobs' }),
    concurrency: deps.config.jobConcurrency,
    leaseMs: deps.config.jobLeaseMs,
    ...options,
    handler: {
      run: (job, signal) => runConversion(deps, job.podcastId, signal),
      giveUp: (job, error) => markConversionFailed(deps, job.podcastId, error),
    },
  });
}
