/**
 * The reader plays a podcast from the popup. One still being made is followed while it plays (as a
 * creation is), so the player's made-so-far and estimated length stay current and its end is seen.
 * It leaves the queue, and a read-mode podcast whose page is the active tab reads along there.
 */
import type { Result } from '../../result.ts';
import { recentPodcastsItem, type Playback } from '../../storage.ts';
import { playPodcast } from './playback.ts';
import { trackPodcast } from './progress.ts';
import { leaveQueue } from './queue.ts';
import { linkOpenSource } from './read-along.ts';

export async function listenToPodcast(request: { podcastId: string }): Promise<Result<Playback>> {
  const podcast = (await recentPodcastsItem.getValue()).find((p) => p.id === request.podcastId);
  if (podcast) await linkOpenSource(podcast);
  const started = await playPodcast(request);
  if (started.ok && started.value.growing) void trackPodcast(request.podcastId);
  if (started.ok) void leaveQueue(request.podcastId);
  return started;
}
