/** A Premium member cancels at the paid period's end, or takes that back. */
import { AppError } from '../errors.ts';
import type { BillingContext } from '../services/billing/context.ts';
import { oneAtATimePerCustomer } from '../services/billing/customer-queue.ts';
import { applySnapshot } from '../services/billing/apply-snapshot.ts';
import { getMember, type UserRow } from '../repositories/member-repository.ts';
import { paymentError } from '../services/billing/stripe-errors.ts';
import { isEntitled, snapshotOf } from '../services/billing/subscription-state.ts';

/** Sets whether the member's subscription ends when the paid period does. */
export async function setCancelAtPeriodEnd(ctx: BillingContext, userId: string, cancel: boolean): Promise<UserRow> {
  const member = await getMember(ctx.db, userId);
  if (!member.subscriptionId || !isEntitled(member.subscriptionStatus)) {
    throw new AppError('PREMIUM_REQUIRED', { message: 'You have no active Premium subscription' });
  }
  const subscriptionId = member.subscriptionId;
  try {
    // In line with the webhooks about this customer (see customer-queue.ts). Setting the flag twice
    // changes nothing, so a retried request needs no idempotency key of its own.
    return await oneAtATimePerCustomer(ctx.db, member.stripeCustomerId ?? subscriptionId, async () => {
      const subscription = await ctx.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      return applySnapshot(ctx.db, await getMember(ctx.db, userId), snapshotOf(subscription));
    });
  } catch (err) {
    throw paymentError(err, cancel ? 'Could not cancel the subscription. Please try again.' : 'Could not resume the subscription. Please try again.');
  }
}
