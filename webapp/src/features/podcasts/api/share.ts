/**
 * Public links to a podcast (Premium): creating one answers its address, revoking it makes the
 * address answer 404. `getSharedPodcast` is what the public page reads, with no account.
 */
import { sharedPodcastSchema, shareResponseSchema, type SharedPodcast } from '../../../../../shared/api/premium.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { podcastPath } from './podcasts.ts';

/** The podcast's public address; the same one again while it stays shared. */
export async function sharePodcast(podcastId: string): Promise<string> {
  const { url } = await apiRequest(`${podcastPath(podcastId)}/share`, { method: 'POST', schema: shareResponseSchema });
  return url;
}

export async function stopSharing(podcastId: string): Promise<void> {
  await apiRequest(`${podcastPath(podcastId)}/share`, { method: 'DELETE' });
}

export function getSharedPodcast(token: string, signal?: AbortSignal): Promise<SharedPodcast> {
  return apiRequest(`/api/shared/${encodeURIComponent(token)}`, { schema: sharedPodcastSchema, signal });
}
