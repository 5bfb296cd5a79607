import type { AudioStore } from '../services/audio/store.ts';
import { findReadyPodcastOf } from '../repositories/podcast-repository.ts';
import { feedNotFound, feedOwner, type FeedDeps } from './read-feed.ts';

/** The audio file of one episode of the feed. */
export async function openFeedAudio(deps: FeedDeps & { audio: Pick<AudioStore, 'pathFor'> }, token: string, podcastId: string): Promise<string> {
  const user = await feedOwner(deps, token);
  const row = await findReadyPodcastOf(deps.db, user.id, podcastId);
  if (!row?.audioKey) throw feedNotFound();
  return deps.audio.pathFor(row.audioKey);
}
