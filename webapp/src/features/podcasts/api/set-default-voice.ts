/** The voice new podcasts get (Premium); answers the voice stored. */
import { useMutation } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';

export const setDefaultVoice = (voice: string) => pagecast.voices.setDefault(voice);

export function useSetDefaultVoice(config: MutationConfig<typeof setDefaultVoice> = {}) {
  return useMutation({ ...config, mutationFn: setDefaultVoice });
}
