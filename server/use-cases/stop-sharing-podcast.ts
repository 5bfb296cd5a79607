import type { Database } from '../db/client.ts';
import { updatePodcast } from '../repositories/podcast-repository.ts';
import { getPodcast } from './get-podcast.ts';

/** Takes a member's podcast's public page down: its old address stops working. */
export async function stopSharingPodcast(deps: { db: Database }, userId: string, id: string): Promise<void> {
  const podcast = await getPodcast(deps, id, { userId });
  await updatePodcast(deps.db, podcast.id, { shareToken: null });
}
