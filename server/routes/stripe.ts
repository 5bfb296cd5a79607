/**
 * Billing: `/api/stripe/*`. The config answers with billing off too (the web app hides every upgrade
 * prompt then); everything else needs Stripe keys. The webhook authenticates by signature, the other
 * routes by the member's session.
 */
import { Hono } from 'hono';
import { verifySessionQuerySchema } from '../../shared/api/billing.ts';
import { PAYMENT_MESSAGES } from '../../shared/errors.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireCaller } from '../http/caller.ts';
import { validate } from '../http/validate.ts';
import { toUserView } from '../services/auth/user-view.ts';
import { getBillingConfig } from '../use-cases/get-billing-config.ts';
import { startCheckout } from '../use-cases/start-checkout.ts';
import { billingContext } from '../services/billing/context.ts';
import { openBillingPortal } from '../use-cases/open-billing-portal.ts';
import { setCancelAtPeriodEnd } from '../use-cases/set-cancel-at-period-end.ts';
import { verifySubscription } from '../use-cases/verify-subscription.ts';
import { handleWebhook } from '../use-cases/handle-stripe-webhook.ts';

export function stripeRoutes(deps: AppDeps) {
  const { config } = deps;
  const billing = () => billingContext(deps);

  return new Hono<AppEnv>()
    .get('/config', (c) => c.json(getBillingConfig(deps)))
    .post('/create-checkout', async (c) => {
      const ctx = billing();
      const caller = requireCaller(c, PAYMENT_MESSAGES.signInToUpgrade);
      const session = await startCheckout(ctx, caller.userId);
      return c.json({ success: true, sessionId: session.clientSecret, subscriptionId: session.subscriptionId });
    })
    .get('/verify-session', validate('query', verifySessionQuerySchema), async (c) => {
      const ctx = billing();
      const caller = requireCaller(c);
      const row = await verifySubscription(ctx, caller.userId, c.req.valid('query').session_id);
      return c.json({ success: true, user: toUserView(row, config) });
    })
    .post('/webhook', async (c) => {
      const ctx = billing();
      const outcome = await handleWebhook(ctx, await c.req.text(), c.req.header('Stripe-Signature'));
      return c.json({ received: true, outcome });
    })
    .post('/cancel', async (c) => {
      const ctx = billing();
      const row = await setCancelAtPeriodEnd(ctx, requireCaller(c).userId, true);
      return c.json({ success: true, user: toUserView(row, config) });
    })
    .post('/resume', async (c) => {
      const ctx = billing();
      const row = await setCancelAtPeriodEnd(ctx, requireCaller(c).userId, false);
      return c.json({ success: true, user: toUserView(row, config) });
    })
    .post('/portal', async (c) => {
      const ctx = billing();
      const url = await openBillingPortal(ctx, requireCaller(c).userId);
      return c.json({ success: true, url });
    });
}
