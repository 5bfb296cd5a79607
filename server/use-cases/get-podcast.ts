import type { Database } from '../db/client.ts';
import { findOwnedPodcast, type Owner, type PodcastRow } from '../repositories/podcast-repository.ts';
import { podcastNotFound } from './podcast-errors.ts';

/** One of the owner's podcasts; NOT_FOUND when it is not theirs. */
export async function getPodcast(deps: { db: Database }, id: string, owner: Owner): Promise<PodcastRow> {
  const row = await findOwnedPodcast(deps.db, id, owner);
  if (!row) throw podcastNotFound();
  return row;
}
