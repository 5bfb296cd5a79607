/** The reader's podcasts (the same list the web app shows) and queue, cached for the popup to paint from. */
import type { Podcast } from '../../../shared/api/podcasts.ts';
import { ok, type Result } from '../../result.ts';
import { recentPodcastsItem } from '../../storage.ts';
import { refreshQueue } from './queue.ts';
import { callServer } from './server.ts';

/** Newest first, as the server answers it. */
export async function listPodcasts(): Promise<Result<Podcast[]>> {
  const answer = await callServer((client) => client.podcasts.list());
  if (!answer.ok) return answer;
  await recentPodcastsItem.setValue(answer.value);
  await refreshQueue(answer.value);
  return ok(answer.value);
}
