import type { Bookmark } from '../../shared/api/premium.ts';
import type { BookmarkRow } from '../repositories/bookmark-repository.ts';

export const BOOKMARKS_MESSAGE = 'Upgrade to Premium to use bookmarks';

export function toBookmark(row: BookmarkRow): Bookmark {
  return { id: row.id, positionSeconds: row.positionMs / 1000, note: row.note, createdAt: row.createdAt.toISOString() };
}
