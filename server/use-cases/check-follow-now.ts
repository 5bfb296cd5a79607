/**
 * "Check now": the member's follow's feed is due at once and its check queued, so a new item does not
 * wait for the next interval. Owner only; a few a member may ask in a window (each fetches a feed),
 * past which 429 says when to ask again. A paused follow is not checked (its items would pass by).
 */
import type { Follow } from '../../shared/api/follows.ts';
import { FOLLOW_MESSAGES } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { AppError, rateLimited } from '../errors.ts';
import { findFollow, queueFeedCheck, updateFeed } from '../repositories/follow-repository.ts';
import { take } from '../repositories/rate-limit-repository.ts';
import { toFollow } from './follow-site.ts';
import type { Caller } from './identify-caller.ts';

/** Checks a member may ask for in a window, across their follows. */
export const FOLLOW_CHECKS = { limit: 6, windowMs: 10 * 60 * 1000 } as const;

export async function checkFollowNow(deps: { db: Database; clock: () => Date }, caller: Caller, id: string): Promise<Follow> {
  const row = await findFollow(deps.db, caller.userId, id);
  if (!row) throw new AppError('NOT_FOUND', { message: FOLLOW_MESSAGES.notFound });
  if (row.paused) throw new AppError('VALIDATION_ERROR', { message: FOLLOW_MESSAGES.checkPaused });
  const now = deps.clock();
  const slot = await take(deps.db, `follow-checks:${caller.userId}`, { ...FOLLOW_CHECKS, now });
  if (!slot.allowed) throw rateLimited(FOLLOW_MESSAGES.checkedOften, slot.retryAfterSeconds);
  await updateFeed(deps.db, row.feedId, { nextCheckAt: now });
  await queueFeedCheck(deps.db, row.feedId, now);
  return toFollow(row);
}
