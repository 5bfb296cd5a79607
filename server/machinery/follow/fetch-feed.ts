/**
 * Fetches a followed feed through the same SSRF guard as pages (every address and every redirect
 * checked, one deadline, the body capped after decompression), politely: the validators of the last
 * answer go back as If-None-Match and If-Modified-Since, and 304 means nothing changed.
 */
import { FOLLOW_MESSAGES, fetchNotOkMessage, CONTENT_MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { abortable, MAX_REDIRECTS, parseWebUrl, readCapped, statusText } from '../fetch/fetch-page.ts';
import { httpGet } from '../fetch/http-get.ts';
import { BlockedAddressError, resolveTarget, systemResolver, type HostResolver } from '../fetch/resolve-target.ts';

/** Decompressed bytes read of a feed: thousands of ordinary items, far below a memory problem. */
export const MAX_FEED_BYTES = 2 * 1024 * 1024;
const FEED_TIMEOUT_MS = 15_000;

const ACCEPT = 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.7, */*;q=0.1';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedAnswer =
  | { notModified: true; url: string }
  | { notModified: false; url: string; body: string; contentType: string; validators: FeedValidators };

export interface FetchFeedOptions {
  allowHosts: readonly string[];
  validators?: FeedValidators;
  signal?: AbortSignal;
  resolver?: HostResolver;
  maxBytes?: number;
}

/**
 * The feed at `url`, or that it did not change. Throws AppError: INVALID_URL, FETCH_FAILED (private
 * address, unreachable, a non-2xx status, too large) with the page fetcher's messages.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FeedAnswer> {
  let current = parseWebUrl(url);
  if (!current) throw new AppError('INVALID_URL', { message: CONTENT_MESSAGES.invalidWebsiteUrl });
  const deadline = AbortSignal.timeout(FEED_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const headers: Record<string, string> = { accept: ACCEPT };
  if (options.validators?.etag) headers['if-none-match'] = options.validators.etag;
  if (options.validators?.lastModified) headers['if-modified-since'] = options.validators.lastModified;
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  try {
    for (let redirects = 0; ; redirects++) {
      const targets = await abortable(resolveTarget(current, options.allowHosts, options.resolver ?? systemResolver), signal);
      const response = await httpGet(current, targets, signal, headers);
      try {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location) {
          if (redirects >= MAX_REDIRECTS) throw new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.redirectLoop });
          const next = parseWebUrl(location, current);
          if (!next) throw new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.unreachable });
          current = next;
          continue;
        }
        if (status === 304) return { notModified: true, url: current.href };
        if (status < 200 || status > 299) throw new AppError('FETCH_FAILED', { message: fetchNotOkMessage(statusText(response)) });
        const body = await readCapped(response, maxBytes, (cause) => new AppError('FETCH_FAILED', { message: FOLLOW_MESSAGES.tooLarge, cause: new Error(cause) }));
        const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;
        return {
          notModified: false,
          url: current.href,
          body: body.toString('utf8'),
          contentType: (one(response.headers['content-type']) ?? '').toLowerCase(),
          validators: { etag: one(response.headers.etag), lastModified: one(response.headers['last-modified']) },
        };
      } finally {
        response.destroy();
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof AppError) throw error;
    if (error instanceof BlockedAddressError) throw new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.privateAddress, cause: error });
    throw new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.unreachable, cause: error });
  }
}
