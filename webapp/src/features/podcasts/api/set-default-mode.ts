/** The mode (and minutes) the home page's URL card starts on; answers the member's preferences as stored. */
import { useMutation } from '@tanstack/react-query';
import type { PodcastMode } from '../../../../../shared/constants.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';

export const setDefaultMode = (choice: { defaultMode: PodcastMode; defaultMinutes?: number }) => pagecast.auth.setPreferences(choice);

export function useSetDefaultMode(config: MutationConfig<typeof setDefaultMode> = {}) {
  return useMutation({ ...config, mutationFn: setDefaultMode });
}
