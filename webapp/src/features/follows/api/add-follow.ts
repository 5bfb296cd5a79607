/** Following a site by its address or its feed's; the member's list is read again once the server has it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFollow } from '../../../../../shared/api/follows.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { followKeys } from './follow-keys.ts';

export const addFollow = (follow: CreateFollow) => pagecast.follows.add(follow);

export function useAddFollow({ onSuccess, ...config }: MutationConfig<typeof addFollow> = {}) {
  const queryClient = useQueryClient();
  const email = useSessionUser()?.email ?? null;
  return useMutation({
    ...config,
    mutationFn: addFollow,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: followKeys.list(email) });
      return onSuccess?.(...args);
    },
  });
}
