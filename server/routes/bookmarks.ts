import crypto from 'node:crypto';
import { Hono } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import { createBookmarkSchema, type Bookmark } from '../../shared/api/premium.ts';
import { bookmarks } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../errors.ts';
import { requirePremium } from '../http/premium.ts';
import { validate } from '../http/validate.ts';
import { findOwnedPodcast } from '../services/podcasts/repository.ts';

const BOOKMARKS_MESSAGE = 'Upgrade to Premium to use bookmarks';
const MAX_BOOKMARKS_PER_PODCAST = 200;

function toBookmark(row: typeof bookmarks.$inferSelect): Bookmark {
  return { id: row.id, positionSeconds: row.positionMs / 1000, note: row.note, createdAt: row.createdAt.toISOString() };
}

/** `/api/podcasts/:id/bookmarks`: a Premium member's marks in their own podcasts. */
export function bookmarkRoutes({ db }: AppDeps) {
  const ownedPodcast = async (id: string, userId: string) => {
    const podcast = await findOwnedPodcast(db, id, { userId });
    if (!podcast) throw new AppError('NOT_FOUND', { message: 'Podcast not found' });
    return podcast;
  };

  return new Hono<AppEnv>()
    .get('/:id/bookmarks', async (c) => {
      const caller = requirePremium(c, BOOKMARKS_MESSAGE);
      const podcast = await ownedPodcast(c.req.param('id'), caller.userId);
      const rows = await db.select().from(bookmarks).where(eq(bookmarks.podcastId, podcast.id)).orderBy(asc(bookmarks.positionMs));
      return c.json({ bookmarks: rows.map(toBookmark) });
    })
    .post('/:id/bookmarks', validate('json', createBookmarkSchema), async (c) => {
      const caller = requirePremium(c, BOOKMARKS_MESSAGE);
      const podcast = await ownedPodcast(c.req.param('id'), caller.userId);
      const body = c.req.valid('json');
      const existing = await db.$count(bookmarks, eq(bookmarks.podcastId, podcast.id));
      if (existing >= MAX_BOOKMARKS_PER_PODCAST) {
        throw new AppError('VALIDATION_ERROR', { message: `A podcast can have at most ${MAX_BOOKMARKS_PER_PODCAST} bookmarks` });
      }
      const [row] = await db
        .insert(bookmarks)
        .values({
          id: crypto.randomUUID(),
          podcastId: podcast.id,
          userId: caller.userId,
          positionMs: Math.round(body.positionSeconds * 1000),
          note: body.note,
        })
        .returning();
      return c.json(toBookmark(row!), 201);
    })
    .delete('/:id/bookmarks/:bookmarkId', async (c) => {
      const caller = requirePremium(c, BOOKMARKS_MESSAGE);
      const podcast = await ownedPodcast(c.req.param('id'), caller.userId);
      const deleted = await db
        .delete(bookmarks)
        .where(and(eq(bookmarks.id, c.req.param('bookmarkId')), eq(bookmarks.podcastId, podcast.id)))
        .returning({ id: bookmarks.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'Bookmark not found' });
      return c.json({ success: true });
    });
}
