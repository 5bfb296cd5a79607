import type { Database } from '../db/client.ts';
import { updatePodcast, type Owner, type PodcastRow } from '../repositories/podcast-repository.ts';
import { getPodcast } from './get-podcast.ts';

/**
 * Marks the owner's podcast played (now; an earlier mark is kept) or, with `played` false, unplayed.
 * Answers the podcast as it now stands.
 */
export async function markPlayed(
  deps: { db: Database; clock: () => Date },
  id: string,
  owner: Owner,
  played: boolean,
): Promise<PodcastRow> {
  const row = await getPodcast(deps, id, owner);
  const playedAt = played ? (row.playedAt ?? deps.clock()) : null;
  if (playedAt === row.playedAt) return row;
  return (await updatePodcast(deps.db, row.id, { playedAt }))!;
}
