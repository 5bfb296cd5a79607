/** The podcasts API (shared/api/podcasts.ts), as the web app calls it. */
import { z } from 'zod';
import { podcastSchema, type Podcast } from '../../../../../shared/api/podcasts.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const podcastListSchema = z.object({ podcasts: z.array(podcastSchema) });

export const podcastPath = (id: string) => `/api/podcasts/${encodeURIComponent(id)}`;

/**
 * The server fetches the page and answers the new podcast at once; the conversion runs on. `voice`
 * (Premium) picks the voice; without it the server uses the member's default.
 */
export function createPodcast(url: string, voice?: string): Promise<Podcast> {
  return apiRequest('/api/podcasts', { method: 'POST', body: { url: url.trim(), voice }, schema: podcastSchema });
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

/** Deletes the podcast and its audio. */
export async function deletePodcast(id: string): Promise<void> {
  await apiRequest(podcastPath(id), { method: 'DELETE' });
}

/**
 * Remembers where the listener is. `keepalive` lets the request finish after the page has gone (the
 * last save as a tab closes).
 */
export async function savePosition(id: string, positionSeconds: number, keepalive = false): Promise<void> {
  await apiRequest(`${podcastPath(id)}/position`, { method: 'PUT', body: { positionSeconds }, keepalive });
}

/** Speaks a ready podcast's script again in another voice (Premium); it goes back to converting. */
export function revoicePodcast(id: string, voice: string): Promise<Podcast> {
  return apiRequest(`${podcastPath(id)}/voice`, { method: 'POST', body: { voice }, schema: podcastSchema });
}

export const eventsPath = (id: string) => `${podcastPath(id)}/events`;
export const downloadPath = (id: string) => `${podcastPath(id)}/download`;
