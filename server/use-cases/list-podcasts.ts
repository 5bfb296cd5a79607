import type { Database } from '../db/client.ts';
import { listOwnedPodcasts, type Owner, type PodcastSummary } from '../repositories/podcast-repository.ts';

/** The caller's podcasts, newest first; none for a caller nobody can identify. */
export async function listPodcasts(deps: { db: Database }, owner: Owner | null): Promise<PodcastSummary[]> {
  return owner ? listOwnedPodcasts(deps.db, owner) : [];
}
