/**
 * The web app's one way to call the server. Sends the session cookie and, when one is stored, the
 * bearer token; sends the anonymous browser token so podcasts made before signing in can move into
 * the account; parses answers with the shared schemas and turns every failure into an ApiError with
 * a message a user can read.
 */
import type { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/error.ts';
import { ANONYMOUS_TOKEN_HEADER, STORAGE_KEYS } from '../../../shared/constants.ts';
import { AUTH_MESSAGES, type ErrorCode } from '../../../shared/errors.ts';

const ANONYMOUS_TOKEN_KEY = 'pagecast-anonymous-token';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE',
  ) {
    super(message);
  }
}

/** A random token that ties this browser's anonymous podcasts together. */
export function anonymousToken(): string {
  let token = localStorage.getItem(ANONYMOUS_TOKEN_KEY);
  if (!token) {
    token = crypto.randomUUID();
    localStorage.setItem(ANONYMOUS_TOKEN_KEY, token);
  }
  return token;
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when a request that carried a session is refused as unauthenticated (expired or revoked). */
export function onSessionRejected(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra headers; they win over the defaults (sign-out sends the token it just removed). */
  headers?: Record<string, string>;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  const headers: Record<string, string> = { Accept: 'application/json', [ANONYMOUS_TOKEN_HEADER]: anonymousToken() };
  if (options.body !== undefined || (options.method && options.method !== 'GET')) {
    headers['Content-Type'] = 'application/json';
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers);

  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(AUTH_MESSAGES.network, 0, 'NETWORK_ERROR');
  }

  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(data);
    const error = parsed.success
      ? new ApiError(parsed.data.error.message, res.status, parsed.data.error.code)
      : new ApiError(res.status >= 500 ? AUTH_MESSAGES.server : `Request failed (${res.status})`, res.status, 'INVALID_RESPONSE');
    if (res.status === 401 && token) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ApiError(AUTH_MESSAGES.invalidResponse, res.status, 'INVALID_RESPONSE');
  return parsed.data;
}
