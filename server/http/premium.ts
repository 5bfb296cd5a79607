import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { AppError } from '../errors.ts';
import type { Caller } from '../use-cases/identify-caller.ts';
import { requireCaller } from './caller.ts';

/** The signed-in Premium caller; 401 when signed out, 403 PREMIUM_REQUIRED for free members. */
export function requirePremium(c: Context<AppEnv>, message = 'Upgrade to Premium to use this feature'): Caller {
  const caller = requireCaller(c);
  if (!caller.isPremium) throw new AppError('PREMIUM_REQUIRED', { message });
  return caller;
}
