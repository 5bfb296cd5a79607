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
