/** The member's digest across follows turned on at an hour (UTC) or off; the digest is read again once saved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberDigest } from '../../../../../shared/api/follows.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { followKeys } from './follow-keys.ts';

export const setDigest = (digest: MemberDigest) => pagecast.follows.setDigest(digest);

export function useSetDigest({ onSuccess, ...config }: MutationConfig<typeof setDigest> = {}) {
  const queryClient = useQueryClient();
  const email = useSessionUser()?.email ?? null;
  return useMutation({
    ...config,
    mutationFn: setDigest,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: followKeys.digest(email) });
      return onSuccess?.(...args);
    },
  });
}
