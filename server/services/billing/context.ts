import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { StripeSettings } from './stripe-client.ts';

/** What every billing operation needs; routes build it from the app's dependencies. */
export interface BillingContext {
  stripe: Stripe;
  settings: StripeSettings;
  db: Database;
  /** The origin of payment return addresses. */
  publicUrl: string;
  clock: () => Date;
  logger: Logger;
}
