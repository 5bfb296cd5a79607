/** The podcasts API (shared/api/podcasts.ts), as the web app calls it. */
import { z } from 'zod';
import { podcastSchema, type Podcast } from '../../../../../shared/api/podcasts.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const podcastListSchema = z.object({ podcasts: z.array(podcastSchema) });

const podcastPath = (id: string) => `/api/podcasts/${encodeURIComponent(id)}`;

/** The server fetches the page and answers the new podcast at once; the conversion runs on. */
export function createPodcast(url: string): Promise<Podcast> {
  return apiRequest('/api/podcasts', { method: 'POST', body: { url: url.trim() }, schema: podcastSchema });
}

/** The caller's podcasts, newest first. */
export async function listPodcasts(signal?: AbortSignal): Promise<Podcast[]> {
  const { podcasts } = await apiRequest('/api/podcasts', { schema: podcastListSchema, signal });
  return podcasts;
}

export function getPodcast(id: string, signal?: AbortSignal): Promise<Podcast> {
  return apiRequest(podcastPath(id), { schema: podcastSchema, signal });
}

/** Queues a failed podcast's conversion again. */
export function retryPodcast(id: string): Promise<Podcast> {
  return apiRequest(`${podcastPath(id)}/retry`, { method: 'POST', schema: podcastSchema });
}

export const eventsPath = (id: string) => `${podcastPath(id)}/events`;
export const downloadPath = (id: string) => `${podcastPath(id)}/download`;
