/** Saving the member's whole list; the cache takes the list as the server kept it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PronunciationInput } from '../../../../../shared/api/pronunciations.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { pronunciationKeys } from './pronunciation-keys.ts';

export const savePronunciations = (entries: PronunciationInput[]) => pagecast.pronunciations.save(entries);

export function useSavePronunciations({ onSuccess, ...config }: MutationConfig<typeof savePronunciations> = {}) {
  const queryClient = useQueryClient();
  const email = useSessionUser()?.email ?? null;
  return useMutation({
    ...config,
    mutationFn: savePronunciations,
    onSuccess: (...args) => {
      queryClient.setQueryData(pronunciationKeys.list(email), args[0]);
      return onSuccess?.(...args);
    },
  });
}
