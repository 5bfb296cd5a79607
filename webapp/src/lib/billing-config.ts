/**
 * Whether this server takes payments. A self-hosted server without Stripe keys gives every account
 * every feature, so the web app must hide every upgrade prompt, for anonymous visitors too. Read once
 * per page load and shared; until it is known, `enabled` is false so no prompt flashes up on a server
 * that has no payments. A failed read is tried again by the next screen that asks.
 */
import { useQuery } from '@tanstack/react-query';
import { pagecast } from './api-client.ts';

export interface BillingConfigState {
  enabled: boolean;
  publishableKey: string | null;
  /** False until the server has answered. */
  loaded: boolean;
}

export function useBillingConfig(): BillingConfigState {
  const { data } = useQuery({
    queryKey: ['billing-config'],
    queryFn: ({ signal }) => pagecast.billing.config({ signal }),
    // The server's settings do not change while it runs.
    staleTime: Infinity,
  });
  return data ? { ...data, loaded: true } : { enabled: false, publishableKey: null, loaded: false };
}
