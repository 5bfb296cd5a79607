/** Unfollowing a site; the member's list is read again once the server has it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { followKeys } from './follow-keys.ts';

export const deleteFollow = (id: string) => pagecast.follows.remove(id);

export function useDeleteFollow({ onSuccess, ...config }: MutationConfig<typeof deleteFollow> = {}) {
  const queryClient = useQueryClient();
  const email = useSessionUser()?.email ?? null;
  return useMutation({
    ...config,
    mutationFn: deleteFollow,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: followKeys.list(email) });
      return onSuccess?.(...args);
    },
  });
}
