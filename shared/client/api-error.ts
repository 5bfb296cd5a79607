/**
 * The one error a call to the Pagecast API fails with: the code of the shared error catalogue, the
 * message a reader can act on, and the HTTP status (0 when no answer arrived).
 */
import { AUTH_MESSAGES, ERROR_CODES, type ErrorCode } from '../errors.ts';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The answer's HTTP status; 0 when the request never got an answer. */
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Whether `value` is an ApiError. Checks the shape, not the prototype: an error that crossed a
 * realm (an extension message, a worker) is no longer an `instanceof` ApiError.
 */
export function isApiError(value: unknown): value is ApiError {
  if (!value || typeof value !== 'object') return false;
  const { name, code, status, message } = value as Record<string, unknown>;
  return name === 'ApiError' && typeof code === 'string' && typeof status === 'number' && typeof message === 'string';
}

/**
 * The error of a failed answer. A body in the shared error shape gives its code and message; any
 * other body (a proxy's HTML page, nothing) is INVALID_RESPONSE, worded by the status.
 */
export function errorFromAnswer(status: number, body: unknown): ApiError {
  const error = errorOfBody(body);
  if (error) return new ApiError(error.code, error.message, status);
  const message = status >= 500 ? AUTH_MESSAGES.server : `Request failed (${status})`;
  return new ApiError('INVALID_RESPONSE', message, status);
}

/**
 * The `error` of a body in the shared error shape (errorBodySchema in shared/api/error.ts), checked
 * by hand so that clients reading errors need no schema library up front.
 */
function errorOfBody(body: unknown): { code: ErrorCode; message: string } | null {
  if (!isObject(body) || body.success !== false || !isObject(body.error)) return null;
  const { code, message, requestId } = body.error;
  if (!(ERROR_CODES as readonly unknown[]).includes(code) || typeof message !== 'string') return null;
  if (requestId !== undefined && typeof requestId !== 'string') return null;
  return { code: code as ErrorCode, message };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error of a request that never got an answer (offline, refused connection, timed out). */
export function networkError(): ApiError {
  return new ApiError('NETWORK_ERROR', AUTH_MESSAGES.network, 0);
}

/** The error of an answer that succeeded but does not have the shape the contract promises. */
export function invalidAnswer(status: number, message: string = AUTH_MESSAGES.invalidResponse): ApiError {
  return new ApiError('INVALID_RESPONSE', message, status);
}

/**
 * Whether trying again later may succeed: no answer, a server failure or a rate limit. Any other
 * refusal (gone, not yours, not allowed) answers the same the next time.
 */
export function isTransient(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.status === 429;
}

/** Whether `error` is an AbortError: the caller gave up, which is not a failure to report. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
