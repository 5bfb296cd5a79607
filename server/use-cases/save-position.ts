import type { Database } from '../db/client.ts';
import { updatePodcast, type Owner } from '../repositories/podcast-repository.ts';
import { getPodcast } from './get-podcast.ts';

/** Remembers where the owner stopped listening, within the episode's length. */
export async function savePosition(deps: { db: Database }, id: string, owner: Owner, positionSeconds: number): Promise<void> {
  const row = await getPodcast(deps, id, owner);
  const positionMs = Math.round(positionSeconds * 1000);
  await updatePodcast(deps.db, row.id, { positionMs: row.durationMs ? Math.min(positionMs, row.durationMs) : positionMs });
}
