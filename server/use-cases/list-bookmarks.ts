import type { Bookmark } from '../../shared/api/premium.ts';
import type { Database } from '../db/client.ts';
import { listBookmarks as listRows } from '../repositories/bookmark-repository.ts';
import { toBookmark } from './bookmark-view.ts';
import { getPodcast } from './get-podcast.ts';

/** A member's bookmarks in their podcast, in playing order. */
export async function listBookmarks(deps: { db: Database }, userId: string, podcastId: string): Promise<Bookmark[]> {
  const podcast = await getPodcast(deps, podcastId, { userId });
  return (await listRows(deps.db, podcast.id)).map(toBookmark);
}
