/**
 * Daily conversion limits, checked before any fetch, model or voice call: anonymous visitors per
 * address, free members per account; Premium has none.
 */
import { eq } from 'drizzle-orm';
import { podcasts } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { countPodcastsSince } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LimitSubject {
  caller: { userId: string; isPremium: boolean } | null;
  clientAddress: string | null;
}

export async function checkDailyLimit(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, subject: LimitSubject) {
  const { caller } = subject;
  if (caller?.isPremium) return;
  const since = new Date(deps.clock().getTime() - DAY_MS);
  const limit = caller ? deps.config.limits.freeDailyPodcasts : deps.config.limits.anonymousDailyPodcasts;
  const condition = caller
    ? eq(podcasts.userId, caller.userId)
    : eq(podcasts.clientAddress, subject.clientAddress ?? 'unknown');
  const made = await countPodcastsSince(deps.db, condition, since);
  if (made < limit) return;
  const plural = limit === 1 ? 'podcast' : 'podcasts';
  throw new AppError('RATE_LIMITED', {
    message: caller
      ? `You have reached today's limit of ${limit} ${plural}. Upgrade to Premium for unlimited podcasts.`
      : `You have reached today's limit of ${limit} ${plural}. Sign in to make more.`,
    headers: { 'Retry-After': String(60 * 60) },
  });
}
