/**
 * One GET request to addresses that were already checked: node:http(s) keeps the URL's host name for
 * the Host header, TLS SNI and certificate checks, while a custom `lookup` hands the socket the
 * checked address instead of asking DNS again. No connection pooling: a socket never outlives its
 * request, so it cannot be reused for a host it was not checked for.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import type { ResolvedAddress } from './resolve-target.ts';

const REQUEST_HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; Pagecast/0.1; +https://github.com/pagecast)',
  accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1',
  'accept-language': 'en;q=1.0, *;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
};

function requestTo(url: URL, target: ResolvedAddress, signal: AbortSignal, headers: Record<string, string>): Promise<http.IncomingMessage> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { ...REQUEST_HEADERS, ...headers },
      agent: false,
      lookup,
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

/**
 * The response from the first of `targets` that accepts the connection (like a browser falling back
 * from IPv6 to IPv4). Errors after the response has started are the caller's to handle. `headers`
 * replaces the page fetcher's (a voice download asks for a byte range, unencoded).
 */
export async function httpGet(url: URL, targets: readonly ResolvedAddress[], signal: AbortSignal, headers: Record<string, string> = {}) {
  let lastError: unknown;
  for (const target of targets) {
    try {
      return await requestTo(url, target, signal, headers);
    } catch (error) {
      if (signal.aborted) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export class UnsupportedEncodingError extends Error {
  override readonly name = 'UnsupportedEncodingError';
}

/** The response body with its Content-Encoding undone (gzip, deflate, br, or a list of them). */
export function decodedBody(response: http.IncomingMessage): Readable {
  const codings = (response.headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
  if (codings.length === 0) return response;
  const stages = codings.map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip();
    if (coding === 'deflate') return zlib.createInflate();
    if (coding === 'br') return zlib.createBrotliDecompress();
    throw new UnsupportedEncodingError(`unsupported Content-Encoding ${coding}`);
  });
  return pipeline([response, ...stages], () => {
    // Errors reach the reader through the last stream.
  }) as unknown as Readable;
}
