/**
 * The success page's check. The `session_id` a browser brings back proves nothing by itself: the
 * subscription is fetched from Stripe, must belong to the caller's Stripe customer, and the member's
 * row takes its state as Stripe reports it now.
 */
import type Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import type { BillingContext } from '../services/billing/context.ts';
import { oneAtATimePerCustomer } from '../services/billing/customer-queue.ts';
import { applySnapshot } from '../services/billing/apply-snapshot.ts';
import { getMember, type UserRow } from '../repositories/member-repository.ts';
import { isMissingResource, paymentError } from '../services/billing/stripe-errors.ts';
import { snapshotOf } from '../services/billing/subscription-state.ts';

export async function verifySubscription(ctx: BillingContext, userId: string, subscriptionId: string): Promise<UserRow> {
  const member = await getMember(ctx.db, userId);
  // In line with the webhooks about this customer, so neither overwrites the other's fresher read.
  return oneAtATimePerCustomer(ctx.db, member.stripeCustomerId ?? subscriptionId, () =>
    readAndApply(ctx, userId, subscriptionId),
  );
}

async function readAndApply(ctx: BillingContext, userId: string, subscriptionId: string): Promise<UserRow> {
  // Read again in line: a webhook just before may have changed the member's subscription.
  const member = await getMember(ctx.db, userId);
  let subscription: Stripe.Subscription;
  try {
    subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
  } catch (err) {
    if (isMissingResource(err)) {
      throw new AppError('NOT_FOUND', { message: PAYMENT_MESSAGES.verificationFailed, cause: err });
    }
    throw paymentError(err, PAYMENT_MESSAGES.verificationFailed);
  }
  const snapshot = snapshotOf(subscription);
  const ownerId = subscription.metadata?.userId;
  if (!member.stripeCustomerId || snapshot.customerId !== member.stripeCustomerId || (ownerId && ownerId !== userId)) {
    ctx.logger.warn('verify-session refused: the subscription belongs to another customer', {
      userId,
      subscriptionId,
    });
    throw new AppError('FORBIDDEN', { message: PAYMENT_MESSAGES.verificationFailed });
  }
  return applySnapshot(ctx.db, member, snapshot);
}
