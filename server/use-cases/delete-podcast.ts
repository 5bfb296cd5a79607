import type { Database } from '../db/client.ts';
import { deletePodcast as deleteRow, type Owner } from '../repositories/podcast-repository.ts';
import type { AudioStore } from '../machinery/audio/store.ts';
import { getPodcast } from './get-podcast.ts';

/**
 * Deletes the owner's podcast, its audio and the segments of an episode being made. A job making it
 * stops at its next segment (it finds the podcast gone) and removes what it wrote after this.
 */
export async function deletePodcast(deps: { db: Database; audio: Pick<AudioStore, 'remove'> }, id: string, owner: Owner): Promise<void> {
  const row = await getPodcast(deps, id, owner);
  await deleteRow(deps.db, row.id);
  for (const key of new Set([row.audioKey, row.streamKey])) {
    if (key) await deps.audio.remove(key).catch(() => {});
  }
}
