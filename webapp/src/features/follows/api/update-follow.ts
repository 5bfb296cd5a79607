/** Pausing or resuming a follow; the member's list is read again once the server has it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { followKeys } from './follow-keys.ts';

export const updateFollow = ({ id, paused }: { id: string; paused: boolean }) => pagecast.follows.change(id, { paused });

export function useUpdateFollow({ onSuccess, ...config }: MutationConfig<typeof updateFollow> = {}) {
  const queryClient = useQueryClient();
  const email = useSessionUser()?.email ?? null;
  return useMutation({
    ...config,
    mutationFn: updateFollow,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: followKeys.list(email) });
      return onSuccess?.(...args);
    },
  });
}
