import { episode, type AudioObject } from '../machinery/audio/store.ts';
import { audioVersion, findFeedEpisode, type FeedDeps } from './read-feed.ts';

/**
 * The stored audio of one episode of the feed (`<id>.mp3`, or `<id>.<version>.mp3` as the feed names
 * it): the finished audio, kept while a new voice is made; its version names it as a validator.
 */
export async function openFeedAudio(deps: FeedDeps, token: string, file: string): Promise<{ audio: AudioObject; version: string }> {
  const [podcastId = ''] = file.replace(/\.mp3$/, '').split('.');
  const row = await findFeedEpisode(deps, token, podcastId);
  return { audio: episode(row.audioKey), version: audioVersion(row.audioKey) };
}
