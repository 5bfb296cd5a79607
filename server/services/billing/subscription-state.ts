/**
 * What the server keeps of a Stripe subscription, and which subscription a member's row follows.
 * Pure functions: the webhook, verification and cancel paths all go through them.
 */
import type Stripe from 'stripe';

/** The statuses that make a member Premium. */
export const ENTITLED_STATUSES = ['active', 'trialing'] as const;

export function isEntitled(status: string | null | undefined): boolean {
  return (ENTITLED_STATUSES as readonly string[]).includes(status ?? '');
}

/** Statuses a subscription never leaves. */
const TERMINAL_STATUSES = ['canceled', 'incomplete_expired'];

/** The columns of `users` that mirror the subscription. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  status: string;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export function customerIdOf(customer: string | Stripe.Customer | Stripe.DeletedCustomer): string {
  return typeof customer === 'string' ? customer : customer.id;
}

/**
 * Since API 2025-03-31 the billing period lives on the subscription's items; with one price there is
 * one item, and the latest end among them is when the member's paid time runs out.
 */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((n) => Number.isFinite(n));
  const end = ends.length > 0 ? Math.max(...ends) : null;
  return {
    subscriptionId: subscription.id,
    customerId: customerIdOf(subscription.customer),
    status: subscription.status,
    periodEnd: end === null ? null : new Date(end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/**
 * Whether a member's row, now following `stored`, should follow `incoming` instead. The same
 * subscription always updates; a live one always wins; a new open attempt replaces a dead one; a
 * finished subscription never overwrites another (an old subscription's late `deleted` must not end
 * the one the member pays for now).
 */
export function shouldFollow(
  stored: { subscriptionId: string | null; status: string | null },
  incoming: Pick<SubscriptionSnapshot, 'subscriptionId' | 'status'>,
): boolean {
  if (!stored.subscriptionId || stored.subscriptionId === incoming.subscriptionId) return true;
  if (isEntitled(incoming.status)) return true;
  if (TERMINAL_STATUSES.includes(incoming.status)) return false;
  return !isEntitled(stored.status);
}
