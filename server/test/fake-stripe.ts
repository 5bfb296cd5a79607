/**
 * A local Stripe-compatible server for tests: the real stripe SDK (and, in the browser tests, the
 * Stripe.js stand-in) talk to it over HTTP on 127.0.0.1. It implements the few endpoints Pagecast
 * uses, with Stripe's shapes for API 2026-10-28, and it CHECKS what it receives the way Stripe would
 * refuse it: the secret key, the API version, the customer, the one Premium price, the payment
 * behaviour, the expansions, and that customers and subscriptions are created under Pagecast's own
 * idempotency keys (a replayed key answers the first result; the same key with other parameters is
 * an error). A request it cannot accept gets Stripe's error shape, so the SDK throws.
 *
 * Tests move Stripe's side with the helpers (payInvoice, setSubscription, ...) and sign webhook
 * events with the webhook secret.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';
const DAY_SECONDS = 24 * 60 * 60;

export interface FakeStripeOptions {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  priceId?: string;
  /** Seconds since the epoch; defaults to the real clock. */
  now?: () => number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

interface SubscriptionState {
  id: string;
  customer: string;
  price: string;
  status: string;
  created: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  latestInvoice: string;
}

interface InvoiceState {
  id: string;
  customer: string;
  subscription: string;
  status: 'open' | 'paid' | 'void';
  paymentIntent: string;
}

interface PaymentIntentState {
  id: string;
  clientSecret: string;
  invoice: string;
  status: 'requires_payment_method' | 'succeeded';
  /** What the browser's confirmPayment sent: return address, billing details, card. */
  confirmations: Array<Record<string, unknown>>;
}

/** Stripe's error answer. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_pagecast';
  const publishableKey = options.publishableKey ?? 'pk_test_pagecast';
  const webhookSecret = options.webhookSecret ?? 'whsec_pagecast_test';
  const priceId = options.priceId ?? 'price_premium_monthly';
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));

  const customers = new Map<string, { id: string; email: string; name: string | null; metadata: Record<string, string> }>();
  const subscriptions = new Map<string, SubscriptionState>();
  const invoices = new Map<string, InvoiceState>();
  const paymentIntents = new Map<string, PaymentIntentState>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  /** Answers to hold back: a slow network between a server and Stripe (see delayNextAnswer). */
  const delays: Array<{ method: string; path: string; ms: number; arrived: () => void }> = [];
  const requests: RecordedRequest[] = [];
  let portalSessions = 0;

  const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

  function subscriptionJson(sub: SubscriptionState, expand: string[]): Record<string, unknown> {
    const invoice = invoices.get(sub.latestInvoice)!;
    const expandInvoice = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      created: sub.created,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      metadata: sub.metadata,
      livemode: false,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: 'subscription_item',
            subscription: sub.id,
            quantity: 1,
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
            price: { id: sub.price, object: 'price', currency: 'usd', unit_amount: 700, recurring: { interval: 'month' } },
          },
        ],
      },
      latest_invoice: expandInvoice ? invoiceJson(invoice, expand.includes('latest_invoice.confirmation_secret')) : invoice.id,
    };
  }

  /** `confirmation_secret` is includable: Stripe returns it only when it is expanded. */
  function invoiceJson(invoice: InvoiceState, withSecret: boolean): Record<string, unknown> {
    const intent = paymentIntents.get(invoice.paymentIntent)!;
    return {
      id: invoice.id,
      object: 'invoice',
      customer: invoice.customer,
      status: invoice.status,
      amount_due: 700,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: invoice.subscription, metadata: {} },
      },
      ...(withSecret
        ? { confirmation_secret: invoice.status === 'open' ? { client_secret: intent.clientSecret, type: 'payment_intent' } : null }
        : {}),
    };
  }

  function requireExpand(params: Record<string, unknown>, allowed: string[]): string[] {
    const expand = params.expand === undefined ? [] : params.expand;
    if (!Array.isArray(expand)) throw new StripeApiError(400, 'expand must be an array');
    for (const path of expand) {
      if (typeof path !== 'string' || !allowed.includes(path)) {
        throw new StripeApiError(400, `This property cannot be expanded (${String(path)}).`);
      }
    }
    return expand as string[];
  }

  function getSubscription(id: string): SubscriptionState {
    const sub = subscriptions.get(id);
    if (!sub) throw new StripeApiError(404, `No such subscription: '${id}'`, 'invalid_request_error', 'resource_missing');
    return sub;
  }

  function openInvoice(sub: Pick<SubscriptionState, 'id' | 'customer'>): string {
    const intent: PaymentIntentState = {
      id: newId('pi'),
      clientSecret: '',
      invoice: newId('in'),
      status: 'requires_payment_method',
      confirmations: [],
    };
    intent.clientSecret = `${intent.id}_secret_${crypto.randomBytes(8).toString('hex')}`;
    paymentIntents.set(intent.id, intent);
    invoices.set(intent.invoice, {
      id: intent.invoice,
      customer: sub.customer,
      subscription: sub.id,
      status: 'open',
      paymentIntent: intent.id,
    });
    return intent.invoice;
  }

  /** Paying a subscription's open invoice: what Stripe does when the first payment succeeds. */
  function payInvoice(subscriptionId: string) {
    const sub = getSubscription(subscriptionId);
    const invoice = invoices.get(sub.latestInvoice)!;
    invoice.status = 'paid';
    paymentIntents.get(invoice.paymentIntent)!.status = 'succeeded';
    sub.status = 'active';
    sub.periodStart = now();
    sub.periodEnd = now() + 30 * DAY_SECONDS;
  }

  function createSubscription(params: Record<string, unknown>): Record<string, unknown> {
    const customer = typeof params.customer === 'string' ? customers.get(params.customer) : undefined;
    if (!customer) throw new StripeApiError(400, `No such customer: '${String(params.customer)}'`, 'invalid_request_error', 'resource_missing');
    const items = params.items;
    if (!Array.isArray(items) || items.length !== 1) throw new StripeApiError(400, 'Exactly one subscription item is expected');
    const item = items[0] as Record<string, unknown>;
    if (item.price !== priceId) throw new StripeApiError(400, `No such price: '${String(item.price)}'`, 'invalid_request_error', 'resource_missing');
    if (params.payment_behavior !== 'default_incomplete') {
      throw new StripeApiError(400, `payment_behavior must be default_incomplete for the Payment Element, got ${String(params.payment_behavior)}`);
    }
    const settings = params.payment_settings as Record<string, unknown> | undefined;
    if (settings?.save_default_payment_method !== 'on_subscription') {
      throw new StripeApiError(400, 'payment_settings.save_default_payment_method must be on_subscription');
    }
    const expand = requireExpand(params, ['latest_invoice', 'latest_invoice.confirmation_secret']);
    if (!expand.includes('latest_invoice.confirmation_secret')) {
      throw new StripeApiError(400, 'Without expanding latest_invoice.confirmation_secret there is no client secret to confirm');
    }
    const metadata = (params.metadata ?? {}) as Record<string, string>;
    if (metadata.userId !== customer.metadata.userId) {
      throw new StripeApiError(400, "The subscription's metadata.userId is not its customer's member");
    }
    const sub: SubscriptionState = {
      id: newId('sub'),
      customer: customer.id,
      price: priceId,
      status: 'incomplete',
      created: now(),
      periodStart: now(),
      periodEnd: now() + 30 * DAY_SECONDS,
      cancelAtPeriodEnd: false,
      metadata,
      latestInvoice: '',
    };
    sub.latestInvoice = openInvoice(sub);
    subscriptions.set(sub.id, sub);
    return subscriptionJson(sub, expand);
  }

  function handle(method: string, path: string, params: Record<string, unknown>, auth: string | undefined): unknown {
    const browserConfirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && browserConfirm) {
      // Stripe.js in the browser: publishable key and the intent's client secret, no secret key.
      if (params.key !== publishableKey && auth !== `Bearer ${publishableKey}`) {
        throw new StripeApiError(401, 'Invalid API Key provided', 'invalid_request_error');
      }
      const intent = paymentIntents.get(browserConfirm[1]!);
      if (!intent || params.client_secret !== intent.clientSecret) {
        throw new StripeApiError(404, 'No such payment_intent', 'invalid_request_error', 'resource_missing');
      }
      intent.confirmations.push(params);
      const card = (params.payment_method_data as { card?: { number?: string } } | undefined)?.card?.number ?? '';
      if (card.replace(/\s/g, '') === '4000000000000002') {
        throw new StripeApiError(402, 'Your card was declined.', 'card_error', 'card_declined');
      }
      const invoice = invoices.get(intent.invoice)!;
      payInvoice(invoice.subscription);
      return { id: intent.id, object: 'payment_intent', status: 'succeeded', client_secret: intent.clientSecret };
    }

    if (auth !== `Bearer ${secretKey}`) throw new StripeApiError(401, 'Invalid API Key provided');

    if (method === 'POST' && path === '/v1/customers') {
      const email = params.email;
      const userId = (params.metadata as Record<string, string> | undefined)?.userId;
      if (typeof email !== 'string' || !email.includes('@')) throw new StripeApiError(400, 'A customer needs an email');
      if (!userId) throw new StripeApiError(400, 'A customer needs metadata.userId');
      const customer = {
        id: newId('cus'),
        email,
        name: typeof params.name === 'string' ? params.name : null,
        metadata: { userId },
      };
      customers.set(customer.id, customer);
      return { object: 'customer', ...customer };
    }
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(params);

    const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (one) {
      const sub = getSubscription(one[1]!);
      if (method === 'GET') {
        return subscriptionJson(sub, requireExpand(params, ['latest_invoice', 'latest_invoice.confirmation_secret']));
      }
      if (method === 'POST') {
        for (const key of Object.keys(params)) {
          if (key !== 'cancel_at_period_end' && key !== 'expand') throw new StripeApiError(400, `Received unknown parameter: ${key}`);
        }
        if (params.cancel_at_period_end !== undefined) {
          if (!['true', 'false'].includes(String(params.cancel_at_period_end))) throw new StripeApiError(400, 'Invalid boolean');
          if (sub.status === 'canceled') throw new StripeApiError(400, 'A canceled subscription can only update its metadata');
          sub.cancelAtPeriodEnd = params.cancel_at_period_end === 'true';
        }
        return subscriptionJson(sub, requireExpand(params, ['latest_invoice']));
      }
      if (method === 'DELETE') {
        sub.status = 'canceled';
        return subscriptionJson(sub, []);
      }
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof params.customer !== 'string' || !customers.has(params.customer)) {
        throw new StripeApiError(400, `No such customer: '${String(params.customer)}'`, 'invalid_request_error', 'resource_missing');
      }
      if (typeof params.return_url !== 'string' || !URL.canParse(params.return_url)) {
        throw new StripeApiError(400, 'return_url must be an absolute URL');
      }
      portalSessions += 1;
      const id = `bps_${portalSessions}`;
      return {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.com/p/session/test_${id}`,
      };
    }
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(raw);
      const idempotencyKey = header(req, 'idempotency-key');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': newId('req'),
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        });
        res.end(JSON.stringify(body));
      };
      if (method === 'OPTIONS') return send(204, {});
      requests.push({ method, path: url.pathname, params, idempotencyKey });

      const browser = url.pathname.endsWith('/confirm');
      const version = header(req, 'stripe-version');
      if (!browser && version !== FAKE_STRIPE_API_VERSION) {
        return send(400, errorBody(new StripeApiError(400, `This test server speaks API ${FAKE_STRIPE_API_VERSION}, not ${version}`)));
      }
      const creates = method === 'POST' && (url.pathname === '/v1/customers' || url.pathname === '/v1/subscriptions');
      if (creates && !idempotencyKey?.startsWith('pagecast-')) {
        return send(400, errorBody(new StripeApiError(400, `${url.pathname} must be created under a Pagecast idempotency key, got ${idempotencyKey}`)));
      }
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      const stored = idempotencyKey && method === 'POST' ? idempotent.get(idempotencyKey) : undefined;
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return send(400, errorBody(new StripeApiError(400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_error')));
        }
        res.setHeader('Idempotent-Replayed', 'true');
        return send(stored.status, stored.body);
      }
      let status = 200;
      let body: unknown;
      try {
        body = handle(method, url.pathname, params, header(req, 'authorization'));
      } catch (err) {
        if (!(err instanceof StripeApiError)) throw err;
        status = err.status;
        body = errorBody(err);
      }
      // Like Stripe, a refused request saves no result: a corrected retry may reuse its key.
      if (idempotencyKey && method === 'POST' && status === 200) idempotent.set(idempotencyKey, { fingerprint, status, body });
      const delayed = delays.findIndex((d) => d.method === method && d.path === url.pathname);
      if (delayed === -1) return send(status, body);
      const held = delays.splice(delayed, 1)[0]!;
      held.arrived();
      setTimeout(() => send(status, body), held.ms);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const signer = new Stripe(secretKey);

  /** A webhook event as Stripe sends it. */
  function event(type: string, object: Record<string, unknown>, id = newId('evt')): string {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    publishableKey,
    webhookSecret,
    priceId,
    requests,
    customers,
    paymentIntents,
    /** The environment a Pagecast server needs to use this fake. */
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: priceId,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    }),
    payInvoice,
    /** Stripe moving a subscription by itself: a failed renewal, a cancellation, a new period. */
    setSubscription(id: string, patch: { status?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number }) {
      const sub = getSubscription(id);
      if (patch.status !== undefined) sub.status = patch.status;
      if (patch.cancelAtPeriodEnd !== undefined) sub.cancelAtPeriodEnd = patch.cancelAtPeriodEnd;
      if (patch.periodEnd !== undefined) sub.periodEnd = patch.periodEnd;
      if (patch.status === 'past_due' || patch.status === 'unpaid') sub.latestInvoice = openInvoice(sub);
    },
    /**
     * The next `method path` request is answered `ms` late, with what Stripe had when the request
     * came. Resolves when that request has come (its answer is then fixed).
     */
    delayNextAnswer(method: string, path: string, ms: number): Promise<void> {
      return new Promise((arrived) => delays.push({ method, path, ms, arrived }));
    },
    subscriptionIds: () => [...subscriptions.keys()],
    /** The subscription as GET /v1/subscriptions/:id answers it (for event payloads). */
    subscriptionObject: (id: string) => subscriptionJson(getSubscription(id), []),
    invoiceObject: (subscriptionId: string) => invoiceJson(invoices.get(getSubscription(subscriptionId).latestInvoice)!, false),
    event,
    /** The Stripe-Signature header for a payload; `timestamp` in seconds, `secret` to sign wrongly. */
    sign(payload: string, opts: { timestamp?: number; secret?: string } = {}) {
      return signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
        timestamp: opts.timestamp ?? now(),
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function errorBody(err: StripeApiError) {
  return { error: { type: err.type, message: err.message, ...(err.code ? { code: err.code } : {}) } };
}

/**
 * Stripe's form encoding (`items[0][price]=x&expand[0]=y`) back into objects and arrays, the way
 * Stripe reads it.
 */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}
