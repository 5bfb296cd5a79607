import type { Database } from '../db/client.ts';
import type { Owner, PodcastRow } from '../repositories/podcast-repository.ts';
import { findOwnedPodcast, findPodcast } from '../repositories/podcast-repository.ts';
import { episode, type AudioObject } from '../machinery/audio/store.ts';
import { podcastNotFound } from './podcast-errors.ts';

/**
 * The audio of a ready podcast, for its owner or for a holder of a signed address (the edge
 * checked the signature and passes `signed: true`). NOT_FOUND otherwise.
 */
export async function openPodcastAudio(
  deps: { db: Database },
  id: string,
  access: { signed: true } | { owner: Owner | null },
): Promise<{ podcast: PodcastRow; audio: AudioObject }> {
  const podcast = 'signed' in access ? await findPodcast(deps.db, id) : access.owner && (await findOwnedPodcast(deps.db, id, access.owner));
  if (!podcast || podcast.status !== 'ready' || !podcast.audioKey) throw podcastNotFound();
  return { podcast, audio: episode(podcast.audioKey) };
}
