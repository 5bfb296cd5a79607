/**
 * `/api/podcasts/:id/bookmarks`: a member's marks in their own podcasts. Adding one is Premium;
 * listing and removing them are not, so a member whose subscription ended can still clear them.
 */
import { Hono } from 'hono';
import { createBookmarkSchema } from '../../shared/api/premium.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireCaller } from '../http/caller.ts';
import { requirePremium } from '../http/premium.ts';
import { validate } from '../http/validate.ts';
import { addBookmark } from '../use-cases/add-bookmark.ts';
import { BOOKMARKS_MESSAGE } from '../use-cases/bookmark-view.ts';
import { deleteBookmark } from '../use-cases/delete-bookmark.ts';
import { listBookmarks } from '../use-cases/list-bookmarks.ts';

export function bookmarkRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/:id/bookmarks', async (c) => {
      const caller = requireCaller(c);
      return c.json({ bookmarks: await listBookmarks(deps, caller.userId, c.req.param('id')) });
    })
    .post('/:id/bookmarks', validate('json', createBookmarkSchema), async (c) => {
      const caller = requirePremium(c, BOOKMARKS_MESSAGE);
      return c.json(await addBookmark(deps, caller.userId, c.req.param('id'), c.req.valid('json')), 201);
    })
    .delete('/:id/bookmarks/:bookmarkId', async (c) => {
      const caller = requireCaller(c);
      await deleteBookmark(deps, caller.userId, c.req.param('id'), c.req.param('bookmarkId'));
      return c.json({ success: true });
    });
}
