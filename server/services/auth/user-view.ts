/**
 * A user as the API shows it. With billing off (no Stripe keys) a self-hosted server gives every
 * account every feature; with billing on, Premium lasts while the subscription is active or trialing.
 */
import type { Preferences, User } from '../../../shared/api/auth.ts';
import { PODCAST_MODES, type PodcastMode } from '../../../shared/constants.ts';
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
    ...preferencesOf(row),
  };
}

/** The member's preferences as the API answers them (a mode no longer known reads as none). */
export function preferencesOf(row: Pick<UserRow, 'defaultMode' | 'defaultMinutes' | 'playbackRate' | 'defaultFocus' | 'defaultLanguage'>): Preferences {
  return {
    defaultMode: (PODCAST_MODES as readonly string[]).includes(row.defaultMode ?? '') ? (row.defaultMode as PodcastMode) : null,
    defaultMinutes: row.defaultMinutes,
    playbackRate: row.playbackRate,
    defaultFocus: row.defaultFocus,
    defaultLanguage: row.defaultLanguage,
  };
}
