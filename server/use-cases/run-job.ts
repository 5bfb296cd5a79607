/**
 * What each kind of job does: a conversion runs the pipeline over its podcast (one that gives up
 * marks it failed; its podcast deleted meanwhile cancels it), a feed check reads a followed feed and
 * makes its new items' episodes (one that gives up is logged; the feed's next turn tries again).
 */
import type { JobHandler } from '../jobs/runner.ts';
import { convertPodcast, markConversionFailed, type PodcastConversionDeps } from '../pipeline/podcast-conversion.ts';
import { PodcastDeletedError } from '../pipeline/podcast-state.ts';
import { checkFollowedFeed } from './check-followed-feed.ts';
import type { CheckFeedDeps } from './follow-items.ts';

export function jobHandler(deps: { conversion: PodcastConversionDeps; feedChecks: CheckFeedDeps }): JobHandler {
  return {
    run: (job, signal, close, turn) =>
      job.kind === 'check-feed' ? checkFollowedFeed(deps.feedChecks, job.feedId!, signal) : convertPodcast(deps.conversion, job.podcastId!, signal, close, turn),
    giveUp: async (job, error, tx) => {
      if (job.kind === 'check-feed') deps.conversion.logger.error('a feed check gave up', { feedId: job.feedId, err: error });
      else return markConversionFailed(deps.conversion, job.podcastId!, error, tx);
    },
    cancelled: (error) => error instanceof PodcastDeletedError,
  };
}
