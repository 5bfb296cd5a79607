import { episode, type AudioObject } from '../services/audio/store.ts';
import { findReadyPodcastOf } from '../repositories/podcast-repository.ts';
import { feedNotFound, feedOwner, type FeedDeps } from './read-feed.ts';

/** The stored audio of one episode of the feed. */
export async function openFeedAudio(deps: FeedDeps, token: string, podcastId: string): Promise<AudioObject> {
  const user = await feedOwner(deps, token);
  const row = await findReadyPodcastOf(deps.db, user.id, podcastId);
  if (!row?.audioKey) throw feedNotFound();
  return episode(row.audioKey);
}
