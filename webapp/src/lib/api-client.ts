/**
 * The web app's one way to call the server. Sends the session cookie and, when one is stored, the
 * bearer token; sends the anonymous browser token so podcasts made before signing in can move into
 * the account; parses answers with the shared schemas and turns every failure into an ApiError with
 * a message a user can read. `apiRequest` is for JSON answers, `apiFetch` for the others.
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

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** What the caller wants back: JSON, an event stream, an MP3. */
  accept?: string;
  /** A JSON body, sent as such. */
  body?: unknown;
  signal?: AbortSignal;
  /** Let the request outlive the page (a position saved as the tab closes). */
  keepalive?: boolean;
  /** Extra headers; they win over the defaults (sign-out sends the token it just removed). */
  headers?: Record<string, string>;
}

export interface RequestOptions<T> extends Omit<FetchOptions, 'accept'> {
  schema?: z.ZodType<T>;
}

/** The ApiError for a refused answer: the server's own message when its body is ours. */
function refusal(res: Response, data: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(data);
  return parsed.success
    ? new ApiError(parsed.data.error.message, res.status, parsed.data.error.code)
    : new ApiError(res.status >= 500 ? AUTH_MESSAGES.server : `Request failed (${res.status})`, res.status, 'INVALID_RESPONSE');
}

/**
 * A request with the caller's identity (the stored session token, this browser's anonymous token),
 * answered as the raw Response when it succeeded. Use it directly for answers that are not JSON (the
 * progress stream, the MP3 download); a refusal throws the same ApiError as apiRequest.
 */
export async function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    [ANONYMOUS_TOKEN_HEADER]: anonymousToken(),
  };
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
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(AUTH_MESSAGES.network, 0, 'NETWORK_ERROR');
  }
  if (res.ok) return res;

  const error = refusal(res, await res.json().catch(() => undefined));
  if (res.status === 401 && token) for (const listener of unauthorizedListeners) listener(error);
  throw error;
}

/** A JSON request, its answer checked with `schema` when one is given. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { schema, ...fetchOptions } = options;
  const res = await apiFetch(path, fetchOptions);
  const data: unknown = await res.json().catch(() => undefined);
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(AUTH_MESSAGES.invalidResponse, res.status, 'INVALID_RESPONSE');
  return parsed.data;
}
