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

/** Which proxies' X-Forwarded-For is believed (TRUST_PROXY): a number of hops, or their addresses. */
export type TrustProxy = { hops: number } | { addresses: string[] };

const plain = (address: string) => address.trim().toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');

/**
 * The client's network address, for per-address limits. The socket's peer, unless TRUST_PROXY says
 * the peer is a proxy: then X-Forwarded-For is read from its right end, one entry per trusted hop (or
 * while the address is a trusted proxy's), since only what the trusted proxies appended is true; what
 * a client wrote to the left of that is never believed. 'unknown' when there is no socket (tests).
 */
export function clientAddress(c: Context, trust: TrustProxy = { hops: 0 }): string {
  // @hono/node-server puts the Node request in the bindings (under `server` when wrapped).
  type Bindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const env = c.env as (Bindings & { server?: Bindings }) | undefined;
  const peer = (env?.server ?? env)?.incoming?.socket?.remoteAddress;
  if (!peer) return 'unknown';
  const forwarded = (c.req.header('X-Forwarded-For') ?? '').split(',').map(plain).filter(Boolean);
  // From the nearest: the peer, then what each proxy in turn says it saw.
  const chain = [plain(peer), ...forwarded.reverse()];
  if ('hops' in trust) return chain[Math.min(trust.hops, chain.length - 1)]!;
  const trusted = new Set(trust.addresses.map(plain));
  let at = 0;
  while (at < chain.length - 1 && trusted.has(chain[at]!)) at++;
  return chain[at]!;
}
