/**
 * Stripe's webhook. The signature is checked on the raw body; each event is applied once (its id is
 * recorded in the same transaction that writes the member); and the state written is the
 * subscription as Stripe returns it now, not as the event describes it, so redelivered and
 * out-of-order events end in the right place.
 */
import type Stripe from 'stripe';
import { isStripeEventRecorded, recordStripeEvent } from '../repositories/stripe-event-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';
import { AppError } from '../errors.ts';
import type { BillingContext } from '../services/billing/context.ts';
import { oneAtATimePerCustomer } from '../services/billing/customer-queue.ts';
import { applySnapshot } from '../services/billing/apply-snapshot.ts';
import { findMemberByCustomer, getMember } from '../repositories/member-repository.ts';
import { isMissingResource } from '../services/billing/stripe-errors.ts';
import { snapshotOf, type SubscriptionSnapshot } from '../services/billing/subscription-state.ts';

/** How old a signature may be, in seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export async function handleWebhook(ctx: BillingContext, rawBody: string, signature: string | undefined) {
  if (!signature) throw new AppError('VALIDATION_ERROR', { message: 'Missing Stripe-Signature header' });
  let event: Stripe.Event;
  try {
    event = await ctx.stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      ctx.settings.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      ctx.clock().getTime(),
    );
  } catch (err) {
    throw new AppError('VALIDATION_ERROR', { message: 'Invalid webhook signature', cause: err });
  }
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return applyEvent(ctx, event, null);
  // Read-then-write of one customer's subscription, one delivery at a time (see customer-queue.ts).
  const customerId = customerIdOfEvent(event) ?? subscriptionId;
  return oneAtATimePerCustomer(ctx.db, customerId, () => applyEvent(ctx, event, subscriptionId));
}

async function applyEvent(ctx: BillingContext, event: Stripe.Event, subscriptionId: string | null): Promise<WebhookOutcome> {
  const log = ctx.logger.child({ eventId: event.id, eventType: event.type });

  if (await isStripeEventRecorded(ctx.db, event.id)) {
    log.info('stripe event already applied');
    return 'duplicate' satisfies WebhookOutcome;
  }

  const snapshot = subscriptionId ? await currentState(ctx, event, subscriptionId) : null;

  const outcome = await inTransaction(ctx.db, async (tx): Promise<WebhookOutcome> => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return 'duplicate';
    if (!snapshot) return 'ignored';
    const ownerId = snapshot.ownerId;
    const member =
      (await findMemberByCustomer(tx, snapshot.customerId)) ??
      (ownerId ? await getMember(tx, ownerId).catch(() => undefined) : undefined);
    if (!member) {
      log.warn('stripe event for a customer no member has', { customerId: snapshot.customerId });
      return 'ignored';
    }
    await applySnapshot(tx, member, snapshot);
    return 'applied';
  });
  log.info('stripe event', { outcome, subscriptionId, status: snapshot?.status });
  return outcome satisfies WebhookOutcome;
}

/** The customer whose subscription an event is about, when the event names one. */
function customerIdOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object;
  if (!('customer' in object) || !object.customer) return null;
  return typeof object.customer === 'string' ? object.customer : object.customer.id;
}

/** The subscription an event is about, for the events that change a membership. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required': {
      const ref = event.data.object.parent?.subscription_details?.subscription;
      return ref ? (typeof ref === 'string' ? ref : ref.id) : null;
    }
    case 'checkout.session.completed': {
      const ref = event.data.object.subscription;
      return ref ? (typeof ref === 'string' ? ref : ref.id) : null;
    }
    default:
      return null;
  }
}

/** The subscription as Stripe has it now; a deleted one that Stripe no longer returns ends as the event says. */
async function currentState(
  ctx: BillingContext,
  event: Stripe.Event,
  subscriptionId: string,
): Promise<(SubscriptionSnapshot & { ownerId: string | undefined }) | null> {
  try {
    const subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
    return { ...snapshotOf(subscription), ownerId: subscription.metadata?.userId };
  } catch (err) {
    if (isMissingResource(err) && event.type === 'customer.subscription.deleted') {
      const gone = event.data.object;
      return { ...snapshotOf(gone), status: 'canceled', ownerId: gone.metadata?.userId };
    }
    // Anything else is Stripe's fault or ours: answer 5xx so Stripe delivers the event again.
    throw new AppError('PAYMENT_FAILED', {
      message: 'Could not read the subscription from Stripe',
      status: 502,
      cause: err,
    });
  }
}
