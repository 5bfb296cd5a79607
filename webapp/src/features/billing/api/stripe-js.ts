/**
 * Stripe.js, loaded from js.stripe.com only when the payment page needs it (the `pure` entry does not
 * inject the script on import), once per publishable key.
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((err: unknown) => {
      loaded.delete(publishableKey);
      throw err;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}
