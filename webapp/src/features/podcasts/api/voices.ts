/** The voices of the server's speech engine, and a Premium member's default (shared/api/premium.ts). */
import { z } from 'zod';
import { voicesResponseSchema } from '../../../../../shared/api/premium.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function listVoices(signal?: AbortSignal) {
  return apiRequest('/api/voices', { schema: voicesResponseSchema, signal });
}

/** Saves the member's default voice; answers it as the server stored it. */
export async function setDefaultVoice(voice: string): Promise<string> {
  const { defaultVoice } = await apiRequest('/api/voices/default', {
    method: 'PUT',
    body: { voice },
    schema: z.object({ defaultVoice: z.string() }),
  });
  return defaultVoice;
}
