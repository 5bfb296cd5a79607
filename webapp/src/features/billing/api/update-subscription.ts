/** Ending Premium at the paid period's end (`true`), or taking that back (`false`); answers the member as they now stand. */
import { useMutation } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';

export const updateSubscription = (cancel: boolean) => pagecast.billing.setCancelAtPeriodEnd(cancel);

export function useUpdateSubscription(config: MutationConfig<typeof updateSubscription> = {}) {
  return useMutation({ ...config, mutationFn: updateSubscription });
}
