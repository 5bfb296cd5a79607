/**
 * The Stripe SDK client. With `STRIPE_API_URL` set it talks to that server instead of Stripe (the
 * tests' local Stripe-compatible server); the SDK takes host, port and protocol separately.
 */
import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type StripeSettings = NonNullable<Config['stripe']>;

export function createStripeClient(settings: StripeSettings): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Pagecast' },
  };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port || (protocol === 'http' ? 80 : 443);
    options.protocol = protocol;
  }
  return new Stripe(settings.secretKey, options);
}
