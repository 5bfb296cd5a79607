import type { Database } from '../db/client.ts';
import { updatePodcast, type Owner, type PodcastRow } from '../repositories/podcast-repository.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';
import { getPodcast } from './get-podcast.ts';

/** Gives the owner's podcast a new title and tells its watchers. */
export async function renamePodcast(
  deps: { db: Database; events: Pick<PodcastEvents, 'publish'> },
  id: string,
  owner: Owner,
  title: string,
): Promise<PodcastRow> {
  const row = await getPodcast(deps, id, owner);
  const updated = (await updatePodcast(deps.db, row.id, { title }))!;
  deps.events.publish(changeOf(updated));
  return updated;
}
