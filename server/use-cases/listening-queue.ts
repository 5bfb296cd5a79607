import { QUEUE_MESSAGES } from '../../shared/api/listening.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { listQueue, ownedPodcastIds, replaceQueue } from '../repositories/queue-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';

/** The member's queue, first to play first. Deleted podcasts have left it. */
export async function getQueue(deps: { db: Database }, userId: string): Promise<string[]> {
  return listQueue(deps.db, userId);
}

/**
 * Replaces the member's whole queue. Only their own podcasts may be in it: an id that is not one
 * is refused (VALIDATION_ERROR) and the stored queue stays as it was.
 */
export async function setQueue(deps: { db: Database }, userId: string, podcastIds: string[]): Promise<string[]> {
  return inTransaction(deps.db, async (tx) => {
    const owned = await ownedPodcastIds(tx, userId, podcastIds);
    if (podcastIds.some((id) => !owned.has(id))) throw new AppError('VALIDATION_ERROR', { message: QUEUE_MESSAGES.unknown });
    await replaceQueue(tx, userId, podcastIds);
    return listQueue(tx, userId);
  });
}
