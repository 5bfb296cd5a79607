import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingUserResponseSchema, checkoutResponseSchema } from '../../shared/api/billing.ts';
import { authResponseSchema } from '../../shared/api/auth.ts';
import { errorBodySchema } from '../../shared/api/error.ts';
import { PAYMENT_MESSAGES } from '../../shared/errors.ts';
import { userByEmail, userById } from '../test/rows.ts';
import { createStripeClient } from '../services/billing/stripe-client.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

describeEachDatabase('billing through Stripe', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let seq = 0;

  beforeAll(() => {
    const config = testConfig(fake.env());
    t = createTestApp(ctx, { config, stripe: createStripeClient(config.stripe!) });
  });

  const call = (path: string, init: { method?: string; token?: string; body?: unknown; address?: string } = {}) => {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    const env = init.address ? { incoming: { socket: { remoteAddress: init.address } } } : undefined;
    return t.app.request(
      path,
      { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
      env,
    );
  };
  const errorOf = async (res: Response) => errorBodySchema.parse(await res.json()).error;

  /** A new member, signed in through the real auth API. */
  async function signUp(name = 'Ada Lovelace') {
    const email = `member-${ctx.kind}-${++seq}-${Date.now()}@example.com`;
    // Each from an address of its own: registrations are limited per client address.
    const address = `10.0.${Math.floor(seq / 250)}.${seq % 250}`;
    const res = await call('/api/auth/register', { method: 'POST', body: { email, password: 'secret-pass', name }, address });
    expect(res.status).toBe(201);
    const body = authResponseSchema.parse(await res.json());
    const row = await userByEmail(ctx.db, email);
    return { token: body.token!, email, id: row!.id };
  }
  const row = async (id: string) => (await userById(ctx.db, id))!;
  const isPremium = async (token: string) =>
    authResponseSchema.parse(await (await call('/api/auth/me', { token })).json()).user!.isPremium;
  const checkout = async (token: string) => {
    const res = await call('/api/stripe/create-checkout', { method: 'POST', token });
    expect(res.status).toBe(200);
    return checkoutResponseSchema.parse(await res.json());
  };
  /** A member who has paid: checkout, then Stripe settles the first invoice, then the success page verifies. */
  async function premiumMember() {
    const member = await signUp();
    const { subscriptionId } = await checkout(member.token);
    fake.payInvoice(subscriptionId);
    const res = await call(`/api/stripe/verify-session?session_id=${subscriptionId}`, { token: member.token });
    expect(res.status).toBe(200);
    return { ...member, subscriptionId };
  }
  const deliver = (payload: string, signature: string | undefined) =>
    t.app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
      body: payload,
    });
  const subscriptionEvent = (type: string, subscriptionId: string, id?: string) =>
    fake.event(type, fake.subscriptionObject(subscriptionId), id);

  it('tells the web app that billing is on and which key Stripe.js needs', async () => {
    expect(await (await call('/api/stripe/config')).json()).toEqual({ enabled: true, publishableKey: fake.publishableKey });
  });

  describe('create-checkout', () => {
    it('refuses a visitor who is not signed in', async () => {
      const res = await call('/api/stripe/create-checkout', { method: 'POST' });
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toMatchObject({ code: 'AUTH_REQUIRED', message: PAYMENT_MESSAGES.signInToUpgrade });
    });

    it("creates the member's customer and an incomplete Premium subscription, and answers its client secret", async () => {
      const member = await signUp('Ada King Lovelace');
      const before = fake.requests.length;
      const body = await checkout(member.token);

      const sent = fake.requests.slice(before);
      const customer = sent.find((r) => r.path === '/v1/customers')!;
      expect(customer.params).toMatchObject({ email: member.email, name: 'Ada King Lovelace', metadata: { userId: member.id } });
      expect(customer.idempotencyKey).toBe(`pagecast-customer-${member.id}`);
      const created = sent.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
      expect(created.params).toMatchObject({
        customer: (await row(member.id)).stripeCustomerId,
        items: [{ price: fake.priceId }],
        payment_behavior: 'default_incomplete',
        expand: ['latest_invoice.confirmation_secret'],
      });

      const intent = [...fake.paymentIntents.values()].find((pi) => pi.clientSecret === body.sessionId);
      expect(intent, 'sessionId is the first invoice’s PaymentIntent client secret').toBeDefined();
      expect(await row(member.id)).toMatchObject({ subscriptionId: body.subscriptionId, subscriptionStatus: 'incomplete' });
      expect(await isPremium(member.token)).toBe(false);
    });

    it('creates nothing twice on a double click, and reuses the open attempt on a retry', async () => {
      const member = await signUp();
      const subscriptionsBefore = fake.subscriptionIds().length;
      const customersBefore = fake.customers.size;
      const [a, b] = await Promise.all([checkout(member.token), checkout(member.token)]);
      const retry = await checkout(member.token);
      expect(b.sessionId).toBe(a.sessionId);
      expect(retry).toEqual(a);
      expect(fake.subscriptionIds().length - subscriptionsBefore).toBe(1);
      expect(fake.customers.size - customersBefore).toBe(1);
    });

    it('refuses a second Premium subscription', async () => {
      const member = await premiumMember();
      const res = await call('/api/stripe/create-checkout', { method: 'POST', token: member.token });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe('FORBIDDEN');
    });
  });

  describe('verify-session', () => {
    it('makes the member Premium once Stripe says the subscription is paid, and stores its period end', async () => {
      const member = await signUp();
      const { subscriptionId } = await checkout(member.token);

      const unpaid = billingUserResponseSchema.parse(
        await (await call(`/api/stripe/verify-session?session_id=${subscriptionId}`, { token: member.token })).json(),
      );
      expect(unpaid.user.isPremium).toBe(false);

      fake.payInvoice(subscriptionId);
      const res = await call(`/api/stripe/verify-session?session_id=${subscriptionId}`, { token: member.token });
      const body = billingUserResponseSchema.parse(await res.json());
      expect(body.user).toMatchObject({ isPremium: true, subscription: { status: 'active', cancelAtPeriodEnd: false } });
      const periodEnd = new Date(body.user.subscription!.currentPeriodEnd!).getTime();
      expect(periodEnd - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
      expect(await isPremium(member.token)).toBe(true);
    });

    it("refuses another member's session and leaves both members as they were", async () => {
      const payer = await premiumMember();
      const other = await signUp();
      await checkout(other.token);
      const res = await call(`/api/stripe/verify-session?session_id=${payer.subscriptionId}`, { token: other.token });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: PAYMENT_MESSAGES.verificationFailed });
      expect(await isPremium(other.token)).toBe(false);
      expect((await row(other.id)).subscriptionId).not.toBe(payer.subscriptionId);
    });

    it('refuses a member with no Stripe customer, an unknown session, a malformed id and a visitor', async () => {
      const payer = await premiumMember();
      const fresh = await signUp();
      expect((await call(`/api/stripe/verify-session?session_id=${payer.subscriptionId}`, { token: fresh.token })).status).toBe(403);
      expect((await call('/api/stripe/verify-session?session_id=sub_doesnotexist', { token: payer.token })).status).toBe(404);
      const malformed = await call('/api/stripe/verify-session?session_id=sub%27%3B--', { token: payer.token });
      expect(malformed.status).toBe(400);
      expect((await call(`/api/stripe/verify-session?session_id=${payer.subscriptionId}`)).status).toBe(401);
    });
  });

  describe('webhook', () => {
    it('applies a correctly signed event from the subscription as Stripe has it now', async () => {
      const member = await signUp();
      const { subscriptionId } = await checkout(member.token);
      fake.payInvoice(subscriptionId);
      const payload = fake.event('invoice.paid', fake.invoiceObject(subscriptionId));
      const res = await deliver(payload, fake.sign(payload));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await isPremium(member.token)).toBe(true);
    });

    it.each([
      ['missing', (_payload: string) => undefined],
      ['signed with another secret', (payload: string) => fake.sign(payload, { secret: 'whsec_someone_else' })],
      ['stale (signed ten minutes ago)', (payload: string) => fake.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      ['for another body', (_payload: string) => fake.sign('{"id":"evt_other"}')],
    ])('refuses a %s signature and changes nothing', async (_name, signatureFor) => {
      const member = await signUp();
      const { subscriptionId } = await checkout(member.token);
      fake.payInvoice(subscriptionId);
      const payload = subscriptionEvent('customer.subscription.updated', subscriptionId);
      const res = await deliver(payload, signatureFor(payload));
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
      expect(await isPremium(member.token)).toBe(false);
    });

    it('applies a redelivered event only once', async () => {
      const member = await premiumMember();
      fake.setSubscription(member.subscriptionId, { cancelAtPeriodEnd: true });
      const payload = subscriptionEvent('customer.subscription.updated', member.subscriptionId);
      expect(await (await deliver(payload, fake.sign(payload))).json()).toMatchObject({ outcome: 'applied' });
      expect((await row(member.id)).cancelAtPeriodEnd).toBe(true);

      // Stripe changes again; the same event arriving a second time must not be applied again.
      fake.setSubscription(member.subscriptionId, { cancelAtPeriodEnd: false });
      const again = await deliver(payload, fake.sign(payload));
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
      expect((await row(member.id)).cancelAtPeriodEnd).toBe(true);
    });

    it('ends Premium on `deleted` even when an older `updated` arrives after it', async () => {
      const member = await premiumMember();
      const olderUpdated = subscriptionEvent('customer.subscription.updated', member.subscriptionId);
      fake.setSubscription(member.subscriptionId, { status: 'canceled' });
      const deleted = subscriptionEvent('customer.subscription.deleted', member.subscriptionId);

      await deliver(deleted, fake.sign(deleted));
      expect(await isPremium(member.token)).toBe(false);
      expect(JSON.parse(olderUpdated).data.object.status).toBe('active');
      const late = await deliver(olderUpdated, fake.sign(olderUpdated));
      expect(late.status).toBe(200);
      expect(await isPremium(member.token)).toBe(false);
      expect((await row(member.id)).subscriptionStatus).toBe('canceled');
    });

    it('applies two deliveries for one customer in order: a slow read of an older state cannot land last', async () => {
      const member = await signUp();
      const { subscriptionId } = await checkout(member.token);
      // The first delivery reads the subscription while it is still incomplete, and that answer is slow.
      const firstRead = fake.delayNextAnswer('GET', `/v1/subscriptions/${subscriptionId}`, 400);
      const created = subscriptionEvent('customer.subscription.created', subscriptionId);
      const first = deliver(created, fake.sign(created));
      await firstRead;
      // Meanwhile the member pays, and Stripe's next event is read at once.
      fake.payInvoice(subscriptionId);
      const paid = fake.event('invoice.paid', fake.invoiceObject(subscriptionId));
      const second = deliver(paid, fake.sign(paid));

      const outcomes = await Promise.all([first, second].map(async (res) => (await (await res).json()) as { outcome: string }));
      expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'applied']);
      expect((await row(member.id)).subscriptionStatus).toBe('active');
      expect(await isPremium(member.token)).toBe(true);
    });

    it('ends Premium when a renewal fails', async () => {
      const member = await premiumMember();
      fake.setSubscription(member.subscriptionId, { status: 'past_due' });
      const payload = fake.event('invoice.payment_failed', fake.invoiceObject(member.subscriptionId));
      expect((await deliver(payload, fake.sign(payload))).status).toBe(200);
      expect(await isPremium(member.token)).toBe(false);
      expect((await row(member.id)).subscriptionStatus).toBe('past_due');

      // The member can pay the failed renewal's open invoice through the same payment page.
      const retry = await checkout(member.token);
      expect(retry.subscriptionId).toBe(member.subscriptionId);
      fake.payInvoice(member.subscriptionId);
      const paid = fake.event('invoice.paid', fake.invoiceObject(member.subscriptionId));
      await deliver(paid, fake.sign(paid));
      expect(await isPremium(member.token)).toBe(true);
    });

    it('acknowledges events it has no use for, and events about customers no member has', async () => {
      const other = fake.event('charge.refunded', { id: 'ch_1', object: 'charge' });
      expect(await (await deliver(other, fake.sign(other))).json()).toEqual({ received: true, outcome: 'ignored' });

      // A subscription made in Stripe for someone who has no account here (another app on the same account).
      const stripe = createStripeClient(t.deps.config.stripe!);
      const customer = await stripe.customers.create(
        { email: 'nobody@example.com', metadata: { userId: 'not-a-member' } },
        { idempotencyKey: `pagecast-test-${ctx.kind}-${Date.now()}` },
      );
      const subscription = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: fake.priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { userId: 'not-a-member' },
        },
        { idempotencyKey: `pagecast-test-sub-${ctx.kind}-${Date.now()}` },
      );
      const orphan = subscriptionEvent('customer.subscription.updated', subscription.id);
      expect(await (await deliver(orphan, fake.sign(orphan))).json()).toEqual({ received: true, outcome: 'ignored' });
    });
  });

  describe('managing Premium', () => {
    it('cancels at the period end, takes it back, and opens the billing portal', async () => {
      const member = await premiumMember();
      const canceled = billingUserResponseSchema.parse(
        await (await call('/api/stripe/cancel', { method: 'POST', token: member.token })).json(),
      );
      expect(canceled.user).toMatchObject({ isPremium: true, subscription: { status: 'active', cancelAtPeriodEnd: true } });
      expect(fake.subscriptionObject(member.subscriptionId).cancel_at_period_end).toBe(true);

      const resumed = billingUserResponseSchema.parse(
        await (await call('/api/stripe/resume', { method: 'POST', token: member.token })).json(),
      );
      expect(resumed.user.subscription?.cancelAtPeriodEnd).toBe(false);
      expect(fake.subscriptionObject(member.subscriptionId).cancel_at_period_end).toBe(false);

      const portal = await call('/api/stripe/portal', { method: 'POST', token: member.token });
      expect(await portal.json()).toMatchObject({ success: true, url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) });
      const sent = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
      expect(sent.params).toMatchObject({
        customer: (await row(member.id)).stripeCustomerId,
        return_url: `${t.deps.config.publicUrl}/profile`,
      });
    });

    it('refuses to cancel for a member without Premium', async () => {
      const member = await signUp();
      const res = await call('/api/stripe/cancel', { method: 'POST', token: member.token });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('PREMIUM_REQUIRED');
    });
  });
});

describeEachDatabase('billing off (no Stripe keys)', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    t = createTestApp(ctx);
  });

  it('says so to the web app, gives every account Premium, and has no payment routes', async () => {
    expect(await (await t.app.request('/api/stripe/config')).json()).toEqual({ enabled: false, publishableKey: null });
    const res = await t.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `self-hosted-${ctx.kind}@example.com`, password: 'secret-pass' }),
    });
    const { user, token } = authResponseSchema.parse(await res.json());
    expect(user?.isPremium).toBe(true);
    for (const path of ['/api/stripe/create-checkout', '/api/stripe/webhook', '/api/stripe/cancel', '/api/stripe/portal']) {
      const refused = await t.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      });
      expect(refused.status, path).toBe(404);
      expect(errorBodySchema.parse(await refused.json()).error.code).toBe('BILLING_DISABLED');
    }
  });
});
