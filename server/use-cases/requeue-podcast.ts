/**
 * Puts a podcast back in the conversion queue. Under a lock on the podcast's row, so concurrent
 * requests act one after the other: a podcast whose job is still live (queued or running) is never
 * given a second one.
 */
import type { PodcastStatus } from '../../shared/api/podcasts.ts';
import type { Database } from '../db/client.ts';
import type { ConversionJobs } from '../jobs/conversion.ts';
import { hasLiveJob } from '../repositories/job-repository.ts';
import { lockPodcast, updatePodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';

export interface RequeueDeps {
  db: Database;
  clock: () => Date;
  events: Pick<PodcastEvents, 'publish'>;
  jobs: Pick<ConversionJobs, 'enqueue' | 'nudge'>;
}

/**
 * Requeues the podcast when its status is one of `from` and it has no live job, applying `values`;
 * null when it may not be requeued now.
 */
export async function requeuePodcast(
  deps: RequeueDeps,
  id: string,
  from: readonly PodcastStatus[],
  values: Partial<PodcastRow>,
): Promise<PodcastRow | null> {
  const row = await inTransaction(deps.db, async (tx) => {
    const current = await lockPodcast(tx, id);
    if (!current || !from.includes(current.status as PodcastStatus)) return null;
    if (await hasLiveJob(tx, id)) return null;
    const updated = await updatePodcast(tx, id, { ...values, status: 'queued', error: null });
    await deps.jobs.enqueue(tx, id, deps.clock());
    return updated;
  });
  if (!row) return null;
  deps.jobs.nudge();
  deps.events.publish(changeOf(row));
  return row;
}
