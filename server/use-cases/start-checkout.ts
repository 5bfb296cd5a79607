/**
 * Starting a payment: the member's Stripe customer (created once) and an incomplete subscription to
 * the Premium price whose first invoice the Payment Element pays. A double click or a retry creates
 * nothing twice: an open attempt is reused, and each creation carries an idempotency key derived
 * from the member's current state, so two requests racing from the same state get the same object.
 */
import type Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import type { BillingContext } from '../services/billing/context.ts';
import { applySnapshot } from '../services/billing/apply-snapshot.ts';
import { claimCustomer, getMember, type UserRow } from '../repositories/member-repository.ts';
import { isMissingResource, paymentError } from '../services/billing/stripe-errors.ts';
import { isEntitled, snapshotOf } from '../services/billing/subscription-state.ts';

/** Expanding this is the only way to get the first invoice's client secret (API 2025-03-31 on). */
export const CONFIRMATION_SECRET_EXPAND = 'latest_invoice.confirmation_secret';

export interface CheckoutSession {
  /** The client secret the Payment Element confirms. */
  clientSecret: string;
  subscriptionId: string;
}

export async function startCheckout(ctx: BillingContext, userId: string): Promise<CheckoutSession> {
  try {
    const member = await getMember(ctx.db, userId);
    const customerId = member.stripeCustomerId ?? (await createCustomer(ctx, member));

    const open = member.subscriptionId ? await reuseOpenAttempt(ctx, member) : null;
    if (open) return open;

    const subscription = await ctx.stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price: ctx.settings.priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: [CONFIRMATION_SECRET_EXPAND],
        metadata: { userId },
      },
      { idempotencyKey: `pagecast-subscription-${userId}-${ctx.settings.priceId}-${member.subscriptionId ?? 'first'}` },
    );
    return await recordAttempt(ctx, userId, subscription);
  } catch (err) {
    throw paymentError(err, PAYMENT_MESSAGES.intentFailed);
  }
}

async function createCustomer(ctx: BillingContext, member: UserRow): Promise<string> {
  const customer = await ctx.stripe.customers.create(
    {
      email: member.email,
      ...(member.name ? { name: member.name } : {}),
      metadata: { userId: member.id },
    },
    { idempotencyKey: `pagecast-customer-${member.id}` },
  );
  return claimCustomer(ctx.db, member.id, customer.id);
}

/** The member's last subscription, if it still waits for a payment; refuses a second Premium. */
async function reuseOpenAttempt(ctx: BillingContext, member: UserRow): Promise<CheckoutSession | null> {
  let subscription: Stripe.Subscription;
  try {
    subscription = await ctx.stripe.subscriptions.retrieve(member.subscriptionId!, {
      expand: [CONFIRMATION_SECRET_EXPAND],
    });
  } catch (err) {
    if (isMissingResource(err)) return null;
    throw err;
  }
  if (isEntitled(subscription.status)) {
    await applySnapshot(ctx.db, member, snapshotOf(subscription));
    throw new AppError('FORBIDDEN', { message: 'Your Premium membership is already active', status: 409 });
  }
  if (!OPEN_STATUSES.includes(subscription.status)) return null;
  const invoice = subscription.latest_invoice;
  if (typeof invoice === 'object' && invoice?.status === 'paid') {
    // Paid a moment ago and Stripe has not switched the subscription on yet: a new one would charge twice.
    throw new AppError('FORBIDDEN', { message: 'Your payment is already being processed', status: 409 });
  }
  if (typeof invoice !== 'object' || invoice?.status !== 'open') return null;
  return recordAttempt(ctx, member.id, subscription);
}

/** A subscription whose open invoice the Payment Element can still pay: a first attempt, or a failed renewal. */
const OPEN_STATUSES = ['incomplete', 'past_due', 'unpaid'];

async function recordAttempt(ctx: BillingContext, userId: string, subscription: Stripe.Subscription) {
  const invoice = subscription.latest_invoice;
  const clientSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
  if (!clientSecret) {
    throw new AppError('PAYMENT_FAILED', {
      message: PAYMENT_MESSAGES.intentFailed,
      status: 502,
      cause: new Error(`subscription ${subscription.id} came back without a confirmation secret`),
    });
  }
  await applySnapshot(ctx.db, await getMember(ctx.db, userId), snapshotOf(subscription));
  return { clientSecret, subscriptionId: subscription.id };
}
