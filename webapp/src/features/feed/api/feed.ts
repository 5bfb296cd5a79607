/** The member's private podcast feed (Premium): its secret address, and a new one that locks the old out. */
import { feedResponseSchema } from '../../../../../shared/api/premium.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getFeedUrl(signal?: AbortSignal): Promise<string> {
  const { url } = await apiRequest('/api/feed', { schema: feedResponseSchema, signal });
  return url;
}

export async function rotateFeedUrl(): Promise<string> {
  const { url } = await apiRequest('/api/feed/rotate', { method: 'POST', schema: feedResponseSchema });
  return url;
}
