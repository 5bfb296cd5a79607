/**
 * Listening: `/api/podcasts/:id/played` (mark or unmark a podcast played, for its owner) and
 * `/api/queue` (a signed-in member's queue; anonymous listeners keep theirs in the browser).
 */
import { Hono } from 'hono';
import { queueSchema } from '../../shared/api/listening.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireCaller } from '../http/caller.ts';
import { requireOwner } from '../http/owner.ts';
import { toPodcast } from '../http/podcast-view.ts';
import { validate } from '../http/validate.ts';
import { getQueue, setQueue } from '../use-cases/listening-queue.ts';
import { markPlayed } from '../use-cases/mark-played.ts';

export function playedRoutes(deps: AppDeps) {
  const view = (row: Parameters<typeof toPodcast>[0]) => toPodcast(row, deps.signer, deps.config.publicUrl);
  return new Hono<AppEnv>()
    .post('/:id/played', async (c) => c.json(view(await markPlayed(deps, c.req.param('id'), requireOwner(c), true))))
    .delete('/:id/played', async (c) => c.json(view(await markPlayed(deps, c.req.param('id'), requireOwner(c), false))));
}

export function queueRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      requireCaller(c);
      await next();
    })
    .get('/', async (c) => c.json({ podcastIds: await getQueue(deps, requireCaller(c).userId) }))
    .put('/', validate('json', queueSchema), async (c) => {
      const caller = requireCaller(c);
      return c.json({ podcastIds: await setQueue(deps, caller.userId, c.req.valid('json').podcastIds) });
    });
}
