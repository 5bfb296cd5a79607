/**
 * The HTTP edge's guard against NUL (U+0000): PostgreSQL's text cannot hold it, so a NUL that reached
 * a query would answer 500. An encoded NUL (`%00`) in a request's path or query is refused here, with
 * 400, before any route reads an id or a token from it; JSON bodies are checked by `validate()`, after
 * their schema has stripped NUL from free text (see shared/api/nul.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { NUL_IN_ADDRESS_MESSAGE } from '../../shared/api/nul.ts';
import { AppError } from '../errors.ts';

/** Refuses a request whose path or query holds `%00`; the URL is still percent-encoded here. */
export function refuseNulInAddress(): MiddlewareHandler {
  return async (c, next) => {
    if (/%00/.test(c.req.url)) throw new AppError('VALIDATION_ERROR', { message: NUL_IN_ADDRESS_MESSAGE });
    await next();
  };
}

/** True when a NUL character sits anywhere in `value`: a string, or the strings of arrays and objects. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v));
  }
  return false;
}
