import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { StripeSettings } from './stripe-client.ts';

/** What every billing use case needs. */
export interface BillingContext {
  stripe: Stripe;
  settings: StripeSettings;
  db: Database;
  /** The origin of payment return addresses. */
  publicUrl: string;
  clock: () => Date;
  logger: Logger;
}

/** The billing context, or BILLING_DISABLED when the server has no Stripe keys. */
export function billingContext(deps: {
  stripe: Stripe | null;
  config: Pick<Config, 'stripe' | 'publicUrl'>;
  db: Database;
  clock: () => Date;
  logger: Logger;
}): BillingContext {
  if (!deps.stripe || !deps.config.stripe) {
    throw new AppError('BILLING_DISABLED', { message: 'Payments are not set up on this server' });
  }
  return { stripe: deps.stripe, settings: deps.config.stripe, db: deps.db, publicUrl: deps.config.publicUrl, clock: deps.clock, logger: deps.logger };
}
