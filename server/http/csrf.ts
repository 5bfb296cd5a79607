/**
 * Cross-site request refusal for cookie sessions. The browser attaches the `auth-token` cookie to
 * any request to this origin, including ones a foreign page starts; so a state-changing request
 * that carries the cookie is accepted only when
 *   - its body is JSON (a foreign page cannot send that without a CORS preflight, which this server
 *     never grants), or a form on a route that takes files, which then must say where it comes from
 *     (a form needs no preflight), and
 *   - the browser says it comes from this origin: `Sec-Fetch-Site` is same-origin or none (not
 *     same-site: another port of this host, or a sibling subdomain, is another origin), and `Origin`,
 *     when sent, is the server's own (PUBLIC_URL's, or the request's: the host guard holds them equal).
 * Hono's csrf() checks only form content types, so JSON needs this. Requests with a bearer token
 * (the extension) or with no credentials at all (sign-in, the Stripe webhook) are not subject to it:
 * a foreign page cannot make a browser attach either.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AUTH_COOKIE } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import type { AppEnv } from './app-env.ts';
import { AppError } from '../errors.ts';
import { bearerToken } from './caller.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const SAME_ORIGIN_FETCHES = new Set(['same-origin', 'none']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

export function refuseCrossSiteRequests(config: Pick<Config, 'publicUrl'>, takesFiles: (c: Context) => boolean = () => false): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || bearerToken(c) || !getCookie(c, AUTH_COOKIE.name)) return next();

    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
    const form = mediaType.toLowerCase() === 'multipart/form-data' && takesFiles(c);
    if (!JSON_MEDIA_TYPE.test(mediaType) && !form) {
      throw new AppError('FORBIDDEN', { message: `${CROSS_SITE_MESSAGE}: the body must be JSON` });
    }
    // Sec-Fetch-Site is set by the browser and cannot be forged by a page; browsers too old to send
    // it still send Origin on every cross-origin POST. A form says one or the other.
    const fetchSite = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    const ownOrigin = origin !== undefined && (origin === publicOrigin || origin === new URL(c.req.url).origin);
    const fetchedHere = fetchSite === undefined || SAME_ORIGIN_FETCHES.has(fetchSite.toLowerCase());
    const saysWhere = fetchSite !== undefined || origin !== undefined || !form;
    if (!fetchedHere || (origin !== undefined && !ownOrigin) || !saysWhere) throw new AppError('FORBIDDEN', { message: CROSS_SITE_MESSAGE });
    return next();
  };
}
