/** A member's bookmarks in a podcast: the `bookmarks` table. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookmarks } from '../db/schema.ts';

export type BookmarkRow = typeof bookmarks.$inferSelect;
export type NewBookmarkRow = typeof bookmarks.$inferInsert;

export async function listBookmarks(db: Database, podcastId: string): Promise<BookmarkRow[]> {
  return db.select().from(bookmarks).where(eq(bookmarks.podcastId, podcastId)).orderBy(asc(bookmarks.positionMs));
}

export async function countBookmarks(db: Database, podcastId: string): Promise<number> {
  return db.$count(bookmarks, eq(bookmarks.podcastId, podcastId));
}

export async function insertBookmark(db: Database, values: NewBookmarkRow): Promise<BookmarkRow> {
  const [row] = await db.insert(bookmarks).values(values).returning();
  return row!;
}

/** Deletes the podcast's bookmark; false when it has none by that id. */
export async function deleteBookmark(db: Database, podcastId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.id, id), eq(bookmarks.podcastId, podcastId)))
    .returning({ id: bookmarks.id });
  return deleted.length > 0;
}
