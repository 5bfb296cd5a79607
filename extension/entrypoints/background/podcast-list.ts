/** The reader's podcasts (the same list the web app shows), cached for the popup to paint from. */
import { z } from 'zod';
import { podcastSchema, type Podcast } from '../../../shared/api/podcasts.ts';
import { ok, type Result } from '../../result.ts';
import { recentPodcastsItem } from '../../storage.ts';
import { callServer } from './server.ts';

const podcastListSchema = z.object({ podcasts: z.array(podcastSchema) });

/** Newest first, as the server answers it. */
export async function listPodcasts(): Promise<Result<Podcast[]>> {
  const answer = await callServer('/api/podcasts', { schema: podcastListSchema });
  if (!answer.ok) return answer;
  await recentPodcastsItem.setValue(answer.value.podcasts);
  return ok(answer.value.podcasts);
}
