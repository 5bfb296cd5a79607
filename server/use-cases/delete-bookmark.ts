import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { deleteBookmark as deleteRow } from '../repositories/bookmark-repository.ts';
import { getPodcast } from './get-podcast.ts';

/** Removes one of the member's bookmarks; NOT_FOUND when their podcast has none by that id. */
export async function deleteBookmark(deps: { db: Database }, userId: string, podcastId: string, bookmarkId: string): Promise<void> {
  const podcast = await getPodcast(deps, podcastId, { userId });
  if (!(await deleteRow(deps.db, podcast.id, bookmarkId))) throw new AppError('NOT_FOUND', { message: 'Bookmark not found' });
}
