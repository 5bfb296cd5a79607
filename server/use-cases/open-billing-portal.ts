/** A member opens Stripe's billing portal to manage payment details and invoices. */
import { AppError } from '../errors.ts';
import type { BillingContext } from '../services/billing/context.ts';
import { getMember } from '../repositories/member-repository.ts';
import { paymentError } from '../services/billing/stripe-errors.ts';

/** The address of a Stripe billing portal session that returns to /profile. */
export async function openBillingPortal(ctx: BillingContext, userId: string): Promise<string> {
  const member = await getMember(ctx.db, userId);
  if (!member.stripeCustomerId) {
    throw new AppError('PREMIUM_REQUIRED', { message: 'You have no subscription to manage yet' });
  }
  try {
    const session = await ctx.stripe.billingPortal.sessions.create({
      customer: member.stripeCustomerId,
      return_url: `${ctx.publicUrl}/profile`,
    });
    return session.url;
  } catch (err) {
    throw paymentError(err, 'Could not open the billing portal. Please try again.');
  }
}
