/** A new private feed address (Premium); the old one stops working. The cache holds the new one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { feedKeys } from './feed-keys.ts';

export const rotateFeed = () => pagecast.feed.rotate();

export function useRotateFeed({ onSuccess, ...config }: MutationConfig<typeof rotateFeed> = {}) {
  const queryClient = useQueryClient();
  const email = useSessionUser()?.email ?? null;
  return useMutation({
    ...config,
    mutationFn: rotateFeed,
    onSuccess: (...args) => {
      queryClient.setQueryData(feedKeys.address(email), args[0]);
      return onSuccess?.(...args);
    },
  });
}
