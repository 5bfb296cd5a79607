/**
 * DNS rebinding guard. A page on another site can re-point its own name at this server (a local
 * install on 127.0.0.1, say) and then call it as if same-origin; the browser still sends that name as
 * the Host. So with PUBLIC_URL set, a request whose Host is not PUBLIC_URL's host is refused with 421
 * (Misdirected Request) before any route runs. The health check stays open, for probes that address
 * the server by its IP. Without PUBLIC_URL nothing is checked (see docs/operations.md, PUBLIC_URL).
 */
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

const OPEN_PATHS = new Set(['/api/health']);

export function refuseOtherHosts(config: Pick<Config, 'publicUrl' | 'publicHost'>): MiddlewareHandler {
  const expected = config.publicHost;
  if (!expected) return (_c, next) => next();
  const { protocol } = new URL(config.publicUrl);
  /** The host a request names, as a URL of PUBLIC_URL's scheme would write it (lower case, no default port). */
  const named = (host: string): string | null => (URL.canParse(`${protocol}//${host}`) ? new URL(`${protocol}//${host}`).host : null);
  return async (c, next) => {
    if (OPEN_PATHS.has(c.req.path)) return next();
    // The Host header as sent; a request without one (HTTP/1.0, tests) names its URL's host.
    const host = c.req.header('Host') ?? new URL(c.req.url).host;
    if (named(host) !== expected) {
      throw new AppError('FORBIDDEN', {
        status: 421,
        message: `This server answers only requests for ${expected}`,
      });
    }
    return next();
  };
}
