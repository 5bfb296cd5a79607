/**
 * The extension's calls to the Pagecast server. Every call sends the anonymous browser token and,
 * when signed in, the bearer token; answers are parsed with the shared schemas; every failure comes
 * back as data with a message a reader can act on.
 */
import type { z } from 'zod';
import { errorBodySchema } from '../shared/api/error.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../shared/constants.ts';
import { AUTH_MESSAGES } from '../shared/errors.ts';
import { fail, ok, type Result } from './result.ts';

/** Where and as whom to call. */
/** A server that accepts the connection but never answers is, to the reader, unreachable. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface ApiContext {
  serverUrl: string;
  token: string | null;
  anonymousToken: string;
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** The message when a failed answer carries none of its own. */
  fallbackMessage?: (status: number) => string;
}

export function requestHeaders(ctx: ApiContext, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { [ANONYMOUS_TOKEN_HEADER]: ctx.anonymousToken, ...extra };
  if (ctx.token) headers.Authorization = `Bearer ${ctx.token}`;
  return headers;
}

/** The error of a server nobody answers at. */
export function unreachable<T>(serverUrl: string): Result<T> {
  return fail(
    'NETWORK_ERROR',
    AUTH_MESSAGES.networkError,
    `Pagecast could not reach the server at ${serverUrl}. Check that it is running, or change its address in Settings.`,
  );
}

export async function apiRequest<T>(ctx: ApiContext, path: string, request: ApiRequest<T>): Promise<Result<T>> {
  let res: Response;
  try {
    res = await fetch(`${ctx.serverUrl}${path}`, {
      method: request.method ?? 'GET',
      headers: requestHeaders(ctx, {
        Accept: 'application/json',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      }),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      credentials: 'omit',
    });
  } catch (err) {
    if (request.signal?.aborted) throw err;
    return unreachable(ctx.serverUrl);
  }
  return readAnswer(res, request);
}

async function readAnswer<T>(res: Response, request: ApiRequest<T>): Promise<Result<T>> {
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const body = errorBodySchema.safeParse(data);
    if (body.success) return fail(body.data.error.code, body.data.error.message);
    if (request.fallbackMessage) return fail('INVALID_RESPONSE', request.fallbackMessage(res.status));
    if (res.status >= 500) return fail('INTERNAL_ERROR', AUTH_MESSAGES.server);
    return fail('INVALID_RESPONSE', AUTH_MESSAGES.invalidResponse);
  }
  const parsed = request.schema.safeParse(data);
  if (!parsed.success) return fail('INVALID_RESPONSE', AUTH_MESSAGES.invalidResponse);
  return ok(parsed.data);
}
