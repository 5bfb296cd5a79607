/** The address of Stripe's billing portal for this member (cards and invoices). */
import { useMutation } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';

export const openBillingPortal = () => pagecast.billing.portalUrl();

export function useOpenBillingPortal(config: MutationConfig<typeof openBillingPortal> = {}) {
  return useMutation({ ...config, mutationFn: openBillingPortal });
}
