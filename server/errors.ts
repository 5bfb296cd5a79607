import { ERROR_STATUS, type ErrorCode } from '../shared/errors.ts';

/**
 * The server's errors. AppError is what use cases and routes throw for a client to read;
 * RetryableError is what a pipeline stage throws when trying again may succeed. ConfigError is
 * every problem of the settings a process starts with.
 */

/**
 * The one error type services and routes throw. `app.onError` turns it into the shared error body
 * with the status its code maps to.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    options: { message: string; cause?: unknown; status?: number; headers?: Record<string, string> },
  ) {
    super(options.message, { cause: options.cause });
    this.status = options.status ?? ERROR_STATUS[code];
    this.headers = options.headers ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A limit's refusal: RATE_LIMITED (429) with Retry-After, the seconds until a slot frees, and the
 * same wait in words after the message, so the reader knows when to come back.
 */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', { message: `${message} ${tryAgainIn(seconds)}`, headers: { 'Retry-After': String(seconds) } });
}

const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 'Try again in 12 minutes.': a wait in words, rounded up so that coming back then always works. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `Try again in ${counted(Math.max(1, Math.ceil(seconds)), 'second')}.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 60) return `Try again in ${counted(minutes, 'minute')}.`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `Try again in ${counted(hours, 'hour')}${rest ? ` and ${counted(rest, 'minute')}` : ''}.`;
}

/**
 * A fault worth another attempt (a provider timed out, a worker crashed). The job runner retries a
 * job that throws it, with backoff; any other error fails the job at once.
 */
export class RetryableError extends Error {
  override readonly name = 'RetryableError';
}

/** Settings a process cannot start with; the message lists every problem. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
