/** Who owns what a request asks for: the signed-in member, or the anonymous browser by its token. */
import type { Context } from 'hono';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { AppError } from '../errors.ts';
import type { Owner } from '../repositories/podcast-repository.ts';
import type { AppEnv } from './app-env.ts';

export function ownerOf(c: Context<AppEnv>): Owner | null {
  const caller = c.get('caller');
  if (caller) return { userId: caller.userId };
  const token = c.req.header(ANONYMOUS_TOKEN_HEADER)?.trim();
  return token && /^[A-Za-z0-9-]{16,64}$/.test(token) ? { anonymousToken: token } : null;
}

/** The owner; AUTH_REQUIRED (401) when the request names none. */
export function requireOwner(c: Context<AppEnv>): Owner {
  const owner = ownerOf(c);
  if (!owner) throw new AppError('AUTH_REQUIRED', { message: 'Authentication required' });
  return owner;
}
