/** A Premium member's marks in their own podcasts. */
import crypto from 'node:crypto';
import type { Bookmark } from '../../shared/api/premium.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import {
  countBookmarks,
  deleteBookmark as deleteRow,
  insertBookmark,
  listBookmarks as listRows,
  type BookmarkRow,
} from '../repositories/bookmark-repository.ts';
import { getPodcast } from './get-podcast.ts';

export const BOOKMARKS_MESSAGE = 'Upgrade to Premium to use bookmarks';
const MAX_BOOKMARKS_PER_PODCAST = 200;

type Deps = { db: Database };

function toBookmark(row: BookmarkRow): Bookmark {
  return { id: row.id, positionSeconds: row.positionMs / 1000, note: row.note, createdAt: row.createdAt.toISOString() };
}

export async function listBookmarks(deps: Deps, userId: string, podcastId: string): Promise<Bookmark[]> {
  const podcast = await getPodcast(deps, podcastId, { userId });
  return (await listRows(deps.db, podcast.id)).map(toBookmark);
}

export async function addBookmark(
  deps: Deps,
  userId: string,
  podcastId: string,
  input: { positionSeconds: number; note?: string | null | undefined },
): Promise<Bookmark> {
  const podcast = await getPodcast(deps, podcastId, { userId });
  if ((await countBookmarks(deps.db, podcast.id)) >= MAX_BOOKMARKS_PER_PODCAST) {
    throw new AppError('VALIDATION_ERROR', { message: `A podcast can have at most ${MAX_BOOKMARKS_PER_PODCAST} bookmarks` });
  }
  const row = await insertBookmark(deps.db, {
    id: crypto.randomUUID(),
    podcastId: podcast.id,
    userId,
    positionMs: Math.round(input.positionSeconds * 1000),
    note: input.note,
  });
  return toBookmark(row);
}

export async function deleteBookmark(deps: Deps, userId: string, podcastId: string, bookmarkId: string): Promise<void> {
  const podcast = await getPodcast(deps, podcastId, { userId });
  if (!(await deleteRow(deps.db, podcast.id, bookmarkId))) throw new AppError('NOT_FOUND', { message: 'Bookmark not found' });
}
