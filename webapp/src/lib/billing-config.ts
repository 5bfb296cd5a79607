/**
 * Whether this server takes payments. A self-hosted server without Stripe keys gives every account
 * every feature, so the web app must hide every upgrade prompt, for anonymous visitors too. Fetched
 * once per page load and shared; until it is known, `enabled` is false so no prompt flashes up on a
 * server that has no payments.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { billingConfigSchema } from '../../../shared/api/billing.ts';
import { apiRequest } from './api-client.ts';

export interface BillingConfigState {
  enabled: boolean;
  publishableKey: string | null;
  /** False until the server has answered. */
  loaded: boolean;
}

const useBillingConfigStore = create<BillingConfigState>(() => ({ enabled: false, publishableKey: null, loaded: false }));

let pending: Promise<void> | null = null;

/** Asks the server once; a failed request is tried again by the next caller. */
export function loadBillingConfig(): Promise<void> {
  if (useBillingConfigStore.getState().loaded) return Promise.resolve();
  pending ??= apiRequest('/api/stripe/config', { schema: billingConfigSchema })
    .then((config) => useBillingConfigStore.setState({ ...config, loaded: true }))
    .catch((err: unknown) => {
      console.warn('Could not read the billing settings', err);
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** `{ enabled, publishableKey, loaded }`; loads the settings on first use. */
export function useBillingConfig(): BillingConfigState {
  useEffect(() => {
    void loadBillingConfig();
  }, []);
  return useBillingConfigStore(useShallow((s) => ({ enabled: s.enabled, publishableKey: s.publishableKey, loaded: s.loaded })));
}
