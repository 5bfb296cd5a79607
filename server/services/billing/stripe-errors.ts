/** Turns what the Stripe SDK throws into the server's one error type, keeping Stripe's error as cause. */
import Stripe from 'stripe';
import { AppError } from '../../errors.ts';

/** Stripe refused or could not be reached: a provider fault (502) with a message a member can read. */
export function paymentError(err: unknown, message: string): AppError {
  if (err instanceof AppError) return err;
  const status = err instanceof Stripe.errors.StripeCardError ? 402 : 502;
  return new AppError('PAYMENT_FAILED', { message, cause: err, status });
}

export function isMissingResource(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}
