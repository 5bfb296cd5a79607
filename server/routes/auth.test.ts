import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { authResponseSchema } from '../../shared/api/auth.ts';
import { errorBodySchema } from '../../shared/api/error.ts';
import { ANONYMOUS_TOKEN_HEADER, MAX_PASSWORD_LENGTH } from '../../shared/constants.ts';
import { insertPodcasts, podcastById, setSubscriptionStatus, userByEmail } from '../test/rows.ts';
import type { AppDeps } from '../deps.ts';
import { createAuthDeps } from '../services/auth/auth-deps.ts';
import { LOGIN_LIMITS } from '../services/auth/login-throttle.ts';
import { SESSION_AUDIENCE, SESSION_ISSUER } from '../services/auth/sessions.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { serveApp } from '../test/serve-app.ts';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_ID: 'price_x',
};

describeEachDatabase('accounts and sessions API', (ctx) => {
  /** Each test its own client address, so per-address limits of one test do not leak into another. */
  const newAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const uniqueEmail = (prefix = 'member') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

  function client(overrides: Partial<AppDeps> = {}, address = newAddress()) {
    const { app, deps } = createTestApp(ctx, overrides);
    const env = { incoming: { socket: { remoteAddress: address } } };
    const send = (path: string, init: RequestInit = {}) => app.request(path, init, env);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const register = (email: string, password = 'secret-password', headers: Record<string, string> = {}) =>
      post('/api/auth/register', { email, password }, headers);
    const login = (email: string, password = 'secret-password', headers: Record<string, string> = {}) =>
      post('/api/auth/login', { email, password }, headers);
    const me = (headers: Record<string, string>) => send('/api/auth/me', { headers });
    return { app, deps, send, post, register, login, me };
  }

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const cookieOf = (res: Response) => /auth-token=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  const cookie = (token: string) => ({ Cookie: `auth-token=${token}` });
  async function tokenOf(res: Response): Promise<string> {
    const body = authResponseSchema.parse(await res.json());
    if (!body.token) throw new Error(`no token in ${JSON.stringify(body)}`);
    return body.token;
  }
  async function errorOf(res: Response) {
    return errorBodySchema.parse(await res.json()).error;
  }

  it('registers an account: 201, the Auth response, a token and a one-day HttpOnly cookie', async () => {
    const api = client();
    const email = uniqueEmail('Ann');
    const res = await api.post('/api/auth/register', { email: `  ${email.toUpperCase()} `, password: 'secret-password', name: 'Ann Lee' });
    expect(res.status).toBe(201);
    const body = authResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ success: true, user: { email: email.toLowerCase(), name: 'Ann Lee', isPremium: true } });
    expect(body.token?.split('.')).toHaveLength(3);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain(`auth-token=${body.token}`);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', 'Max-Age=86400']) {
      expect(setCookie).toContain(attribute);
    }
    const row = await userByEmail(ctx.db, email.toLowerCase());
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('secret-password');
  });

  it('answers GET /me for the bearer token and for the cookie, and 401 without either', async () => {
    const api = client();
    const email = uniqueEmail();
    const token = await tokenOf(await api.register(email));
    for (const headers of [bearer(token), cookie(token)]) {
      const res = await api.me(headers);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, user: { email, isPremium: true } });
    }
    const anonymous = await api.me({});
    expect(anonymous.status).toBe(401);
    expect(await errorOf(anonymous)).toMatchObject({ code: 'AUTH_REQUIRED', message: 'Authentication required' });
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const api = client();
    const email = uniqueEmail();
    expect((await api.register(email)).status).toBe(201);
    const again = await api.register(email.toUpperCase(), 'another-password');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it.each([
    ['no fields', {}, 'Please fill in all fields'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'Please fill in all fields'],
    ['a short password', { email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    ['a bad e-mail', { email: 'not-an-email', password: 'secret-password' }, 'Please enter a valid email address'],
    ['a huge password', { email: 'a@example.com', password: 'x'.repeat(MAX_PASSWORD_LENGTH + 1) }, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`],
  ])('refuses registration with %s: 400 and a clear message', async (_name, body, message) => {
    const res = await client().post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it.each([
    ['malformed JSON', '{"email": "a@example.com", "password":', 400],
    ['a JSON array', '[1, 2]', 400],
    ['a JSON string', '"hello"', 400],
    ['a body over the size limit', JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }), 413],
  ])('answers %s with a 4xx in the error shape, never a 500', async (_name, body, status) => {
    for (const path of ['/api/auth/register', '/api/auth/login']) {
      const res = await client().post(path, body);
      expect(res.status).toBe(status);
      expect((await errorOf(res)).message.length).toBeGreaterThan(0);
    }
  });

  it('checks a huge password before hashing it: refused at once', async () => {
    const api = client();
    const res = await api.login('a@example.com', 'x'.repeat(MAX_PASSWORD_LENGTH + 1));
    expect(res.status).toBe(400);
    // Refused by the length check, which comes before any hash.
    expect((await errorOf(res)).message).toBe(`Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  });

  it('signs in with the right password (any e-mail case) and answers a fresh token', async () => {
    const api = client();
    const email = uniqueEmail();
    const first = await tokenOf(await api.register(email));
    const res = await api.login(email.toUpperCase());
    expect(res.status).toBe(200);
    const body = authResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ success: true, user: { email } });
    expect(body.token).not.toBe(first);
    expect(cookieOf(res)).toBe(body.token);
  });

  it('gives an unknown e-mail and a wrong password the same status and message, and does not answer the unknown e-mail faster', async () => {
    const api = client();
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    for (const email of emails) await api.register(email);
    // CPU time, not the clock: what the request costs whatever else the machine is running. (The
    // hash runs on libuv's threads, which the process's CPU time counts.)
    const timed = async (email: string) => {
      const started = process.cpuUsage();
      const res = await api.login(email, 'wrong-password');
      const used = process.cpuUsage(started);
      return { ms: (used.user + used.system) / 1000, status: res.status, error: await errorOf(res) };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 8; round++) {
      const a = await timed(emails[round % emails.length]!);
      const b = await timed(uniqueEmail('nobody'));
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.error).toMatchObject({ code: 'LOGIN_FAILED', message: 'Invalid email or password' });
      expect(b.error).toMatchObject({ code: 'LOGIN_FAILED', message: 'Invalid email or password' });
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    // The cheapest of several tries is the request's own cost. Without the dummy hash an unknown
    // e-mail costs a quarter or less of a wrong password; with it, about the same.
    const ratio = Math.min(...unknown) / Math.min(...wrong);
    expect(ratio).toBeGreaterThan(0.5);
  });

  it('logout revokes the session: a copy of the token replayed afterwards is refused', async () => {
    const api = client();
    const email = uniqueEmail();
    const token = await tokenOf(await api.register(email));
    const other = await tokenOf(await api.login(email));

    const res = await api.post('/api/auth/logout', '', bearer(token));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    for (const headers of [bearer(token), cookie(token)]) {
      const replay = await api.me(headers);
      expect(replay.status).toBe(401);
      expect((await errorOf(replay)).code).toBe('AUTH_REQUIRED');
    }
    // The member's other session (another device) is untouched.
    expect((await api.me(bearer(other))).status).toBe(200);
  });

  it('logs out through the cookie alone, the way the web app does after dropping its stored token', async () => {
    const api = client();
    const token = await tokenOf(await api.register(uniqueEmail()));
    const res = await api.post('/api/auth/logout', '', cookie(token));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^auth-token=;.*Max-Age=0/);
    expect((await api.me(cookie(token))).status).toBe(401);
  });

  it('drops the cookie of the session it revokes, and keeps a newer one when a bearer logout revokes an older session', async () => {
    const api = client();
    const email = uniqueEmail();
    const old = await tokenOf(await api.register(email));
    const current = await tokenOf(await api.login(email));

    const olderSession = await api.post('/api/auth/logout', '', { ...bearer(old), ...cookie(current) });
    expect(olderSession.status).toBe(200);
    expect(olderSession.headers.get('set-cookie')).toBeNull();
    expect((await api.me(bearer(old))).status).toBe(401);
    expect((await api.me(cookie(current))).status).toBe(200);

    const sameSession = await api.post('/api/auth/logout', '', { ...bearer(current), ...cookie(current) });
    expect(sameSession.headers.get('set-cookie')).toMatch(/^auth-token=;.*Max-Age=0/);
    expect((await api.me(cookie(current))).status).toBe(401);
  });

  it('answers logout without a session with success, so signing out never gets stuck', async () => {
    const res = await client().post('/api/auth/logout', '');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
  });

  it('clears no cookie on a logout that carried none: a foreign page cannot sign a member out', async () => {
    // A cross-site text/plain POST: the browser sends it without the Lax session cookie, but would
    // apply a Set-Cookie that clears it.
    const res = await client().send('/api/auth/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      body: 'x',
    });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses tokens that are forged, expired, or for another issuer or audience', async () => {
    const started = new Date();
    let now = started;
    const api = client({ clock: () => now });
    const email = uniqueEmail();
    const token = await tokenOf(await api.register(email));
    const { sub, jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; jti: string };
    const sign = (secret: Uint8Array, issuer: string, audience: string, exp = '1h') =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setJti(jti).setIssuer(issuer)
        .setAudience(audience).setIssuedAt().setExpirationTime(exp).sign(secret);

    const refused = [
      await sign(new TextEncoder().encode('another-secret-another-secret-xx'), SESSION_ISSUER, SESSION_AUDIENCE),
      await sign(api.deps.auth.jwtSecret, 'someone-else', SESSION_AUDIENCE),
      await sign(api.deps.auth.jwtSecret, SESSION_ISSUER, 'another-api'),
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`,
      'not-a-token',
    ];
    for (const candidate of refused) expect((await api.me(bearer(candidate))).status).toBe(401);
    // The same claims, rightly signed, pass: the refusals above are about what was changed.
    expect((await api.me(bearer(await sign(api.deps.auth.jwtSecret, SESSION_ISSUER, SESSION_AUDIENCE)))).status).toBe(200);

    now = new Date(started.getTime() + 24 * 60 * 60 * 1000 - 60_000);
    expect((await api.me(bearer(token))).status).toBe(200);
    now = new Date(started.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect((await api.me(bearer(token))).status).toBe(401);
  });

  it('keeps sessions across a restart: a generated secret lives in DATA_DIR', async () => {
    const config = testConfig();
    const before = client({ config, auth: createAuthDeps(config) });
    const token = await tokenOf(await before.register(uniqueEmail()));
    const after = client({ config, auth: createAuthDeps(config) });
    expect((await after.me(bearer(token))).status).toBe(200);
    const elsewhere = testConfig();
    expect((await client({ config: elsewhere, auth: createAuthDeps(elsewhere) }).me(bearer(token))).status).toBe(401);
  });

  it("throttles guesses per account and address by delay, never refusing the right password because of someone else's failures there", async () => {
    const owner = client();
    const email = uniqueEmail();
    await owner.register(email);
    const { limit } = LOGIN_LIMITS.perPair;
    // Someone at an address the member has never used guesses wrong, past the pair's limit.
    const shared = newAddress();
    const guesser = client({ auth: owner.deps.auth }, shared);
    for (let i = 0; i < limit + 2; i++) expect((await guesser.login(email, 'wrong-password')).status).toBe(401);
    // The member at that address (a shared office, a proxy) gets in: after a short wait, not 900 s of 429.
    const member = client({ auth: owner.deps.auth }, shared);
    expect((await member.login(email)).status).toBe(200);
    // And their right password cleared the pair: the next typo is answered at once as a typo.
    expect((await member.login(email, 'wrong-password')).status).toBe(401);
  });

  it('stops guesses from many addresses at the per-account limit, but not the owner at an address they signed in from', async () => {
    const started = new Date();
    let now = started;
    const clock = () => now;
    const owner = client({ clock });
    const email = uniqueEmail();
    await owner.register(email);
    const pairLimit = LOGIN_LIMITS.perPair.limit;
    const { limit, windowMs } = LOGIN_LIMITS.perAccount;
    for (let n = 0; n < limit / pairLimit; n++) {
      const guesser = client({ clock, auth: owner.deps.auth });
      for (let i = 0; i < pairLimit; i++) expect((await guesser.login(email, 'wrong-password')).status).toBe(401);
    }
    // A new address is refused, even with the right password, for the rest of the hour.
    const newcomer = client({ clock, auth: owner.deps.auth });
    const refused = await newcomer.login(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LOGIN_LIMITS.perPair.windowMs / 1000);
    // The owner's address signed in before (here: made the account): it is let through.
    expect((await owner.login(email)).status).toBe(200);
    // Other accounts are not affected.
    const neighbour = uniqueEmail();
    await client({ clock, auth: owner.deps.auth }).register(neighbour);
    expect((await newcomer.login(neighbour)).status).toBe(200);

    now = new Date(started.getTime() + windowMs + 1000);
    expect((await newcomer.login(email)).status).toBe(200);
  });

  it('does not count right passwords against the account, and a right password clears its own typos', async () => {
    const api = client();
    const email = uniqueEmail();
    await api.register(email);
    const { limit } = LOGIN_LIMITS.perPair;
    for (let i = 0; i < limit + 3; i++) expect((await api.login(email)).status).toBe(200);
    for (let i = 0; i < limit - 1; i++) expect((await api.login(email, 'wrong-password')).status).toBe(401);
    expect((await api.login(email)).status).toBe(200);
    for (let i = 0; i < limit; i++) expect((await api.login(email, 'wrong-password')).status).toBe(401);
    // Past the limit the right password is checked after a short delay, not refused.
    expect((await api.login(email)).status).toBe(200);
  });

  it('delays, never refuses, failed sign-ins from one address across accounts: a member new to the address still signs in', async () => {
    const address = newAddress();
    const api = client({}, address);
    const member = uniqueEmail();
    await client({ auth: api.deps.auth }).register(member);
    for (let i = 0; i < LOGIN_LIMITS.perAddress.limit + 3; i++) {
      expect((await api.login(uniqueEmail('guess'), 'wrong-password')).status).toBe(401);
    }
    // This member never signed in from this address: let in all the same.
    expect((await api.login(member)).status).toBe(200);
  });

  it('lets many members sign in at once from one address (an office): only failures count per address', async () => {
    const api = client();
    const emails = Array.from({ length: LOGIN_LIMITS.perAddress.limit + 5 }, () => uniqueEmail('office'));
    // Registered from addresses of their own: registrations have a per-address limit of their own.
    for (const email of emails) await client({ auth: api.deps.auth }).register(email);
    const statuses = await Promise.all(emails.map(async (email) => (await api.login(email)).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('answers every guess from one address arriving at once, past the limit after a delay, and lets a member in meanwhile (a real socket)', async () => {
    const api = client();
    const member = uniqueEmail();
    await client({ auth: api.deps.auth }).register(member);
    const served = await serveApp(api.app);
    try {
      const guesses = Array.from({ length: 40 }, () =>
        served.post('/api/auth/login', { email: uniqueEmail('guess'), password: 'wrong-password' }, '127.3.0.1'),
      );
      const signIn = served.post('/api/auth/login', { email: member, password: 'secret-password' }, '127.3.0.1');
      const statuses = (await Promise.all(guesses)).map((a) => a.status);
      expect(statuses.every((s) => s === 401)).toBe(true);
      expect((await signIn).status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('lets a burst of 100 sign-ins from one address all through: they wait their turn, none refused (a real socket)', async () => {
    const api = client();
    const emails = Array.from({ length: 20 }, () => uniqueEmail('burst'));
    for (const email of emails) expect((await client({ auth: api.deps.auth }).register(email)).status).toBe(201);
    const served = await serveApp(api.app);
    try {
      const logins = Array.from({ length: 100 }, (_, i) =>
        served.post('/api/auth/login', { email: emails[i % emails.length], password: 'secret-password' }, '127.3.1.1'),
      );
      const statuses = (await Promise.all(logins)).map((a) => a.status);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      await served.close();
    }
  });

  it('limits registrations per client address: past the limit even a taken e-mail gets 429, not 409', async () => {
    const perHour = 10; // the REGISTRATIONS_PER_HOUR default
    const hourMs = 60 * 60 * 1000;
    const started = new Date();
    let now = started;
    const address = newAddress();
    const api = client({ clock: () => now }, address);
    const taken = uniqueEmail();
    expect((await api.register(taken)).status).toBe(201);
    // Refused registrations count too: they are what an address probing for members sends.
    expect((await api.register(taken)).status).toBe(409);
    for (let i = 2; i < perHour; i++) expect((await api.register(uniqueEmail())).status).toBe(201);

    const turnedAway = uniqueEmail();
    for (const email of [taken, turnedAway]) {
      const res = await api.register(email);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(hourMs / 1000);
      expect(await errorOf(res)).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many sign-up attempts from your network. Try again in 60 minutes.' });
    }
    expect(await userByEmail(ctx.db, turnedAway)).toBeUndefined();

    // Another address is not affected, and the address may register again once the window ends.
    const elsewhere = client({ clock: () => now, auth: api.deps.auth });
    expect((await elsewhere.register(uniqueEmail())).status).toBe(201);
    now = new Date(started.getTime() + hourMs + 1000);
    expect((await api.register(turnedAway)).status).toBe(201);
  });

  it("moves this browser's anonymous podcasts into the account on register and on login", async () => {
    const api = client();
    const browser = randomUUID();
    const otherBrowser = randomUUID();
    const email = uniqueEmail();
    const someoneElseEmail = uniqueEmail();
    await api.register(someoneElseEmail);
    const someoneElseId = (await userByEmail(ctx.db, someoneElseEmail))!.id;
    const podcast = (id: string, anonymousToken: string | null, userId: string | null = null) =>
      ({ id, title: id, anonymousToken, userId });
    const ids = { mine1: randomUUID(), mine2: randomUUID(), other: randomUUID(), taken: randomUUID(), later: randomUUID() };
    await insertPodcasts(ctx.db, [
      podcast(ids.mine1, browser),
      podcast(ids.mine2, browser),
      podcast(ids.other, otherBrowser),
      podcast(ids.taken, browser, someoneElseId),
    ]);

    expect((await api.register(email, 'secret-password', { [ANONYMOUS_TOKEN_HEADER]: browser })).status).toBe(201);
    const account = await userByEmail(ctx.db, email);
    const owner = async (id: string) => (await podcastById(ctx.db, id))!;
    for (const id of [ids.mine1, ids.mine2]) expect(await owner(id)).toMatchObject({ userId: account!.id, anonymousToken: null });
    expect(await owner(ids.other)).toMatchObject({ userId: null, anonymousToken: otherBrowser });
    expect(await owner(ids.taken)).toMatchObject({ userId: someoneElseId });

    await insertPodcasts(ctx.db, podcast(ids.later, browser));
    expect((await api.login(email, 'secret-password', { [ANONYMOUS_TOKEN_HEADER]: browser })).status).toBe(200);
    expect(await owner(ids.later)).toMatchObject({ userId: account!.id, anonymousToken: null });

    // A failed sign-in moves nothing.
    expect((await api.login(email, 'wrong-password', { [ANONYMOUS_TOKEN_HEADER]: otherBrowser })).status).toBe(401);
    expect(await owner(ids.other)).toMatchObject({ userId: null, anonymousToken: otherBrowser });
  });

  it('with billing on, Premium follows the subscription status', async () => {
    const api = client({ config: testConfig(STRIPE_ENV) });
    const email = uniqueEmail();
    const res = await api.register(email);
    const token = await tokenOf(res);
    const premium = async () => ((await (await api.me(bearer(token))).json()) as { user: { isPremium: boolean } }).user.isPremium;
    expect(await premium()).toBe(false);
    for (const [status, expected] of [['active', true], ['trialing', true], ['past_due', false], ['canceled', false]] as const) {
      await setSubscriptionStatus(ctx.db, email, status);
      expect(await premium()).toBe(expected);
    }
  });

  const crossSiteLogout = (api: ReturnType<typeof client>, token: string, headers: Record<string, string>) =>
    api.send('/api/auth/logout', { method: 'POST', headers: { ...cookie(token), ...headers }, body: '{}' });

  it.each([
    ['a form body', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['a text body', { 'Content-Type': 'text/plain' }],
    ['Sec-Fetch-Site: cross-site', { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' }],
    ['a foreign Origin', { 'Content-Type': 'application/json', Origin: 'https://evil.example' }],
    // Another port of this host, or a sibling subdomain: the same site, another origin.
    ['Sec-Fetch-Site: same-site', { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-site' }],
    ['a same-origin fetch naming a foreign Origin', { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost:8788' }],
  ])('refuses a cookie-authenticated request with %s (403) and leaves the session alone', async (_name, headers) => {
    const api = client();
    const token = await tokenOf(await api.register(uniqueEmail()));
    const res = await crossSiteLogout(api, token, headers);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: 'FORBIDDEN' });
    expect((await api.me(cookie(token))).status).toBe(200);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ['Sec-Fetch-Site: none', { 'Sec-Fetch-Site': 'none' }],
    ['Sec-Fetch-Site: same-origin and its Origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://127.0.0.1:8787' }],
    ["the server's own Origin", { Origin: 'http://localhost' }],
    ["PUBLIC_URL's Origin", { Origin: 'http://127.0.0.1:8787' }],
  ])('accepts a cookie-authenticated JSON request with %s', async (_name, headers) => {
    const api = client();
    const token = await tokenOf(await api.register(uniqueEmail()));
    const res = await crossSiteLogout(api, token, { 'Content-Type': 'application/json', ...headers });
    expect(res.status).toBe(200);
    expect((await api.me(cookie(token))).status).toBe(401);
  });

  it('does not apply to bearer requests nor to requests without credentials', async () => {
    const api = client();
    const token = await tokenOf(await api.register(uniqueEmail()));
    const withBearer = await api.send('/api/auth/logout', {
      method: 'POST',
      headers: { ...bearer(token), ...cookie(token), 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(withBearer.status).toBe(200);
    expect((await api.me(bearer(token))).status).toBe(401);
    // A webhook-like POST: no cookie, not JSON, from another site. It reaches routing (404 here).
    const anonymous = await api.send('/api/some/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://stripe.example' },
      body: 'payload',
    });
    expect(anonymous.status).toBe(404);
  });
});
