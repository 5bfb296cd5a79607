/**
 * Accounts and sessions: register, login, logout, me. Answers follow the spec's Auth response
 * (`success`, `user`, `token`, `error.message`); the web app gets the token in an HttpOnly cookie as
 * well, the extension sends it back as a bearer header.
 */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { credentialsSchema, registerSchema, type AuthResponse, type User } from '../../shared/api/auth.ts';
import { ANONYMOUS_TOKEN_HEADER, AUTH_COOKIE } from '../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../shared/errors.ts';
import { users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../errors.ts';
import { bearerToken, clientAddress, requireCaller } from '../http/caller.ts';
import { validate } from '../http/validate.ts';
import { checkCredentials, createAccount, type UserRow } from '../services/auth/accounts.ts';
import { claimAnonymousPodcasts } from '../services/auth/anonymous-podcasts.ts';
import { countLoginAttempt, createLoginCounterPurger } from '../services/auth/login-throttle.ts';
import { countRegistration, createRegistrationCounterPurger } from '../services/auth/registration-throttle.ts';
import { issueSession, revokeSession } from '../services/auth/sessions.ts';
import { toUserView } from '../services/auth/user-view.ts';

export function authRoutes(deps: AppDeps) {
  const { db, config, auth, clock, logger } = deps;
  const purgeLoginCounters = createLoginCounterPurger(db);
  const purgeRegistrationCounters = createRegistrationCounterPurger(db);

  /** Opens a session for the account, moves this browser's anonymous podcasts in, sets the cookie. */
  async function signIn(c: Context<AppEnv>, user: UserRow): Promise<{ user: User; token: string }> {
    const now = clock();
    const session = await issueSession(db, auth.jwtSecret, user.id, now);
    const moved = await claimAnonymousPodcasts(db, user.id, c.req.header(ANONYMOUS_TOKEN_HEADER));
    if (moved > 0) logger.info('anonymous podcasts moved into an account', { requestId: c.get('requestId'), moved });
    setCookie(c, AUTH_COOKIE.name, session.token, {
      httpOnly: true,
      secure: AUTH_COOKIE.secure,
      sameSite: AUTH_COOKIE.sameSite,
      path: AUTH_COOKIE.path,
      maxAge: AUTH_COOKIE.maxAgeSeconds,
    });
    c.header('Cache-Control', 'no-store');
    return { user: toUserView(user, config), token: session.token };
  }

  return new Hono<AppEnv>()
    .post('/register', validate('json', registerSchema), async (c) => {
      const input = c.req.valid('json');
      const now = clock();
      await purgeRegistrationCounters(now);
      await countRegistration(db, clientAddress(c), config.limits.registrationsPerHour, now);
      const user = await createAccount(db, auth.passwords, input, now);
      const body: AuthResponse = { success: true, ...(await signIn(c, user)) };
      return c.json(body, 201);
    })
    .post('/login', validate('json', credentialsSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const now = clock();
      await purgeLoginCounters(now);
      const attempt = await countLoginAttempt(db, email, clientAddress(c), now);
      const user = await checkCredentials(db, auth.passwords, email, password);
      if (!user) {
        await attempt.failed();
        throw new AppError('LOGIN_FAILED', { message: AUTH_MESSAGES.invalidCredentials });
      }
      await attempt.succeeded();
      const body: AuthResponse = { success: true, ...(await signIn(c, user)) };
      return c.json(body);
    })
    .post('/logout', async (c) => {
      const caller = c.get('caller');
      if (caller) await revokeSession(db, caller.sessionId, clock());
      // A bearer logout of an older session (the web app retrying one that failed offline) must not
      // drop the cookie of the session the browser holds now.
      const bearer = bearerToken(c);
      if (!bearer || bearer === getCookie(c, AUTH_COOKIE.name)) {
        deleteCookie(c, AUTH_COOKIE.name, { path: AUTH_COOKIE.path, secure: AUTH_COOKIE.secure });
      }
      return c.json({ success: true });
    })
    .get('/me', async (c) => {
      const caller = requireCaller(c);
      const [row] = await db.select().from(users).where(eq(users.id, caller.userId));
      if (!row) throw new AppError('AUTH_REQUIRED', { message: AUTH_MESSAGES.authenticationRequired });
      c.header('Cache-Control', 'no-store');
      const body: AuthResponse = { success: true, user: toUserView(row, config) };
      return c.json(body);
    });
}
