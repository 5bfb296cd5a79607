/**
 * A user as the API shows it. With billing off (no Stripe keys) a self-hosted server gives every
 * account every feature; with billing on, Premium lasts while the subscription is active or trialing.
 */
import type { User } from '../../../shared/api/auth.ts';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../repositories/user-repository.ts';

const PREMIUM_STATUSES = new Set(['active', 'trialing']);

export function isPremium(row: Pick<UserRow, 'subscriptionStatus'>, config: Pick<Config, 'stripe'>): boolean {
  if (!config.stripe) return true;
  return row.subscriptionStatus !== null && PREMIUM_STATUSES.has(row.subscriptionStatus);
}

export function toUserView(row: UserRow, config: Pick<Config, 'stripe'>): User {
  return {
    name: row.name,
    email: row.email,
    isPremium: isPremium(row, config),
    subscription: row.subscriptionStatus
      ? {
          status: row.subscriptionStatus,
          currentPeriodEnd: row.subscriptionPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        }
      : null,
    defaultVoice: row.defaultVoice,
  };
}
