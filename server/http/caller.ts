/**
 * Who is calling: `loadCaller(deps)` reads the session token from an `Authorization: Bearer` header
 * (the extension) or the HttpOnly `auth-token` cookie (the web app) and sets `c.get('caller')` to
 * the signed-in member, or null.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AUTH_MESSAGES } from '../../shared/errors.ts';
import { AUTH_COOKIE } from '../../shared/constants.ts';
import { AppError } from '../errors.ts';
import { identifyCaller, type Caller, type IdentifyCallerDeps } from '../use-cases/identify-caller.ts';
import type { AppEnv } from './app-env.ts';

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  return match?.[1];
}

/** The session token the request carries: the bearer header first, then the cookie. */
export function sessionToken(c: Context): string | undefined {
  return bearerToken(c) ?? (getCookie(c, AUTH_COOKIE.name) || undefined);
}

export function loadCaller(deps: IdentifyCallerDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('caller', await identifyCaller(deps, sessionToken(c)));
    await next();
  };
}

/** The signed-in caller; throws AUTH_REQUIRED (401) when there is none. */
export function requireCaller(c: Context<AppEnv>, message: string = AUTH_MESSAGES.authenticationRequired): Caller {
  const caller = c.get('caller');
  if (!caller) throw new AppError('AUTH_REQUIRED', { message });
  return caller;
}

/**
 * The client's network address, for per-address limits. The socket's peer: the server does not
 * trust X-Forwarded-For, which any client can write. 'unknown' when there is no socket (tests).
 */
export function clientAddress(c: Context): string {
  // @hono/node-server puts the Node request in the bindings (under `server` when wrapped).
  type Bindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const env = c.env as (Bindings & { server?: Bindings }) | undefined;
  return (env?.server ?? env)?.incoming?.socket?.remoteAddress ?? 'unknown';
}
