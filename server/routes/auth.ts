/**
 * Accounts and sessions: register, login, logout, me. Answers carry `success`, `user`, `token` and,
 * on failure, `error.message`; the web app gets the token in an HttpOnly cookie as well, the
 * extension sends it back as a bearer header.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { credentialsSchema, registerSchema, updatePreferencesSchema, type AuthResponse } from '../../shared/api/auth.ts';
import { ANONYMOUS_TOKEN_HEADER, AUTH_COOKIE } from '../../shared/constants.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { bearerToken, clientAddress, requireCaller } from '../http/caller.ts';
import { validate } from '../http/validate.ts';
import { getMe } from '../use-cases/get-me.ts';
import { createLogIn } from '../use-cases/log-in.ts';
import { logOut } from '../use-cases/log-out.ts';
import { createRegister } from '../use-cases/register.ts';
import { setPreferences } from '../use-cases/set-preferences.ts';
import type { signIn } from '../use-cases/sign-in.ts';

export function authRoutes(deps: AppDeps) {
  const register = createRegister(deps);
  const logIn = createLogIn(deps);

  /** Sets the session cookie and answers the signed-in account. */
  function signedIn(c: Context<AppEnv>, result: Awaited<ReturnType<typeof signIn>>): AuthResponse {
    if (result.movedPodcasts > 0) {
      deps.logger.info('anonymous podcasts moved into an account', { requestId: c.get('requestId'), moved: result.movedPodcasts });
    }
    setCookie(c, AUTH_COOKIE.name, result.token, {
      httpOnly: true,
      secure: AUTH_COOKIE.secure,
      sameSite: AUTH_COOKIE.sameSite,
      path: AUTH_COOKIE.path,
      maxAge: AUTH_COOKIE.maxAgeSeconds,
    });
    c.header('Cache-Control', 'no-store');
    return { success: true, user: result.user, token: result.token };
  }

  return new Hono<AppEnv>()
    .post('/register', validate('json', registerSchema), async (c) => {
      const result = await register(c.req.valid('json'), clientAddress(c, deps.config.trustProxy), c.req.header(ANONYMOUS_TOKEN_HEADER));
      return c.json(signedIn(c, result), 201);
    })
    .post('/login', validate('json', credentialsSchema), async (c) => {
      const result = await logIn(c.req.valid('json'), clientAddress(c, deps.config.trustProxy), c.req.header(ANONYMOUS_TOKEN_HEADER));
      return c.json(signedIn(c, result));
    })
    .post('/logout', async (c) => {
      const caller = c.get('caller');
      if (caller) await logOut(deps, caller.sessionId);
      // A bearer logout of an older session (the web app retrying one that failed offline) must not
      // drop the cookie of the session the browser holds now; a request that carried no cookie (a
      // foreign page's, which the browser sent without it) clears none.
      const bearer = bearerToken(c);
      const held = getCookie(c, AUTH_COOKIE.name);
      if (held && (!bearer || bearer === held)) {
        deleteCookie(c, AUTH_COOKIE.name, { path: AUTH_COOKIE.path, secure: AUTH_COOKIE.secure });
      }
      return c.json({ success: true });
    })
    .get('/me', async (c) => {
      const user = await getMe(deps, requireCaller(c).userId);
      c.header('Cache-Control', 'no-store');
      const body: AuthResponse = { success: true, user };
      return c.json(body);
    })
    .patch('/me/preferences', validate('json', updatePreferencesSchema), async (c) => {
      const preferences = await setPreferences(deps, requireCaller(c).userId, c.req.valid('json'));
      return c.json({ preferences });
    });
}
