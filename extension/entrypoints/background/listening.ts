/**
 * The reader plays a podcast from the popup. One still being made is followed while it plays (as a
 * creation is), so the player's made-so-far and estimated length stay current and its end is seen.
 */
import type { Result } from '../../result.ts';
import type { Playback } from '../../storage.ts';
import { playPodcast } from './playback.ts';
import { trackPodcast } from './progress.ts';

export async function listenToPodcast(request: { podcastId: string }): Promise<Result<Playback>> {
  const started = await playPodcast(request);
  // A following of its own: it belongs to no creation (an attempt no creation has).
  if (started.ok && started.value.growing) void trackPodcast(crypto.randomUUID(), request.podcastId);
  return started;
}
