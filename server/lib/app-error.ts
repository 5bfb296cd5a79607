import { ERROR_STATUS, type ErrorCode } from '../../shared/errors.ts';

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
