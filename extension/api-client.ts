/**
 * The extension's side of the shared Pagecast client: a client that calls as the reader (the
 * session's bearer token, this browser's anonymous token, never cookies), and its ApiErrors turned
 * into Results, because errors cross extension contexts as data.
 */
import { isApiError } from '../shared/client/api-error.ts';
import { createPagecastClient, type PagecastClient } from '../shared/client/pagecast-client.ts';
import { AUTH_MESSAGES } from '../shared/errors.ts';
import { fail, type Result } from './result.ts';

/** A server that accepts the connection but never answers is, to the reader, unreachable. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Where and as whom to call. */
export interface Reader {
  serverUrl: string;
  /** The session's token; null when signed out. */
  token: string | null;
  anonymousToken: string;
}

/** A client calling as `reader`. `onSessionRejected` hears of a session token the server refused. */
export function clientFor(reader: Reader, onSessionRejected?: (token: string) => void): PagecastClient {
  return createPagecastClient({
    baseUrl: reader.serverUrl,
    auth: { kind: 'bearer', token: () => reader.token },
    anonymousToken: () => reader.anonymousToken,
    timeoutMs: REQUEST_TIMEOUT_MS,
    onSessionRejected: (_error, token) => onSessionRejected?.(token),
  });
}

/** The error of a server nobody answers at, with where it was looked for. */
export function unreachable<T>(serverUrl: string): Result<T> {
  return fail(
    'NETWORK_ERROR',
    AUTH_MESSAGES.networkError,
    `Pagecast could not reach the server at ${serverUrl}. Check that it is running, or change its address in Settings.`,
  );
}

/** A failed call as a Result. Anything but an ApiError (a bug, an abort) is thrown on. */
export function failure<T = never>(error: unknown, serverUrl: string): Result<T> {
  if (!isApiError(error)) throw error;
  if (error.code === 'NETWORK_ERROR') return unreachable(serverUrl);
  return fail(error.code, error.message);
}
