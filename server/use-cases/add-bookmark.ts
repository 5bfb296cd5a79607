import crypto from 'node:crypto';
import type { Bookmark } from '../../shared/api/premium.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { countBookmarks, insertBookmark } from '../repositories/bookmark-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';
import { lockUser } from '../repositories/user-repository.ts';
import { toBookmark } from './bookmark-view.ts';
import { getPodcast } from './get-podcast.ts';

const MAX_BOOKMARKS_PER_PODCAST = 200;

/** Marks a moment in a member's podcast, with an optional note; a podcast holds at most 200. */
export async function addBookmark(
  deps: { db: Database },
  userId: string,
  podcastId: string,
  input: { positionSeconds: number; note?: string | null | undefined },
): Promise<Bookmark> {
  const podcast = await getPodcast(deps, podcastId, { userId });
  // Counted and inserted under the member's lock: parallel requests cannot all take the last place.
  const row = await inTransaction(deps.db, async (tx) => {
    await lockUser(tx, userId);
    if ((await countBookmarks(tx, podcast.id)) >= MAX_BOOKMARKS_PER_PODCAST) {
      throw new AppError('VALIDATION_ERROR', { message: `A podcast can have at most ${MAX_BOOKMARKS_PER_PODCAST} bookmarks` });
    }
    return insertBookmark(tx, {
      id: crypto.randomUUID(),
      podcastId: podcast.id,
      userId,
      positionMs: Math.round(input.positionSeconds * 1000),
      note: input.note,
    });
  });
  return toBookmark(row);
}
