/**
 * The web app's payment calls (spec §7). Answers that do not have the shape the spec requires are
 * refused with the spec's messages: 'Invalid response from server' for the checkout,
 * 'Invalid verification response' for the verification.
 */
import type { User } from '../../../../../shared/api/auth.ts';
import {
  billingUserResponseSchema,
  checkoutResponseSchema,
  portalResponseSchema,
  type CheckoutResponse,
} from '../../../../../shared/api/billing.ts';
import { PAYMENT_MESSAGES } from '../../../../../shared/errors.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export async function createCheckout(signal?: AbortSignal): Promise<CheckoutResponse> {
  const data = await apiRequest('/api/stripe/create-checkout', { method: 'POST', signal });
  const parsed = checkoutResponseSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(PAYMENT_MESSAGES.invalidResponse, 200, 'INVALID_RESPONSE');
  return parsed.data;
}

/** Asks the server to check the subscription with Stripe; answers the member as the server now sees them. */
export async function verifySession(sessionId: string, signal?: AbortSignal): Promise<User> {
  const data = await apiRequest(`/api/stripe/verify-session?session_id=${encodeURIComponent(sessionId)}`, { signal });
  const parsed = billingUserResponseSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(PAYMENT_MESSAGES.invalidVerification, 200, 'INVALID_RESPONSE');
  return parsed.data.user;
}

/** Ends Premium at the end of the paid period (`true`), or takes that back (`false`). */
export async function setCancelAtPeriodEnd(cancel: boolean): Promise<User> {
  const data = await apiRequest(cancel ? '/api/stripe/cancel' : '/api/stripe/resume', {
    method: 'POST',
    schema: billingUserResponseSchema,
  });
  return data.user;
}

/** The address of Stripe's billing portal for this member. */
export async function openBillingPortal(): Promise<string> {
  return (await apiRequest('/api/stripe/portal', { method: 'POST', schema: portalResponseSchema })).url;
}
