import type { Database } from '../db/client.ts';
import { deletePodcast as deleteRow, type Owner } from '../repositories/podcast-repository.ts';
import type { AudioStore } from '../services/audio/store.ts';
import { getPodcast } from './get-podcast.ts';

/** Deletes the owner's podcast and its audio file. */
export async function deletePodcast(deps: { db: Database; audio: Pick<AudioStore, 'remove'> }, id: string, owner: Owner): Promise<void> {
  const row = await getPodcast(deps, id, owner);
  await deleteRow(deps.db, row.id);
  if (row.audioKey) await deps.audio.remove(row.audioKey).catch(() => {});
}
