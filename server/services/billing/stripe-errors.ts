/**
 * Turns what the Stripe SDK throws into the server's one error type, keeping Stripe's error as cause.
 * Stripe's errors are told apart by their `type` (the SDK's class name), so the SDK itself loads only
 * when billing is configured.
 */
import { AppError } from '../../errors.ts';

function stripeErrorType(err: unknown): string | undefined {
  const type = (err as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

/** Stripe refused or could not be reached: a provider fault (502) with a message a member can read. */
export function paymentError(err: unknown, message: string): AppError {
  if (err instanceof AppError) return err;
  const status = stripeErrorType(err) === 'StripeCardError' ? 402 : 502;
  return new AppError('PAYMENT_FAILED', { message, cause: err, status });
}

export function isMissingResource(err: unknown): boolean {
  return stripeErrorType(err) === 'StripeInvalidRequestError' && (err as { code?: unknown }).code === 'resource_missing';
}
