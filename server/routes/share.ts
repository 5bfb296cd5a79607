/** Sharing: the owner's `POST`/`DELETE /api/podcasts/:id/share`, and the public `/api/shared/:token`. */
import { Hono } from 'hono';
import type { SharedPodcast } from '../../shared/api/premium.ts';
import { PODCAST_IMAGE_PATH } from '../../shared/constants.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requirePremium } from '../http/premium.ts';
import { serveFile } from '../http/serve-file.ts';
import { openSharedPodcast } from '../use-cases/open-shared-podcast.ts';
import { SHARE_MESSAGE, sharePodcast } from '../use-cases/share-podcast.ts';
import { stopSharingPodcast } from '../use-cases/stop-sharing-podcast.ts';

export function shareRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/:id/share', async (c) => {
      const caller = requirePremium(c, SHARE_MESSAGE);
      return c.json({ url: await sharePodcast(deps, caller.userId, c.req.param('id')) });
    })
    .delete('/:id/share', async (c) => {
      const caller = requirePremium(c, SHARE_MESSAGE);
      await stopSharingPodcast(deps, caller.userId, c.req.param('id'));
      return c.json({ success: true });
    });
}

export function sharedRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/:token', async (c) => {
      const row = await openSharedPodcast(deps, c.req.param('token'));
      const shared: SharedPodcast = {
        title: row.title,
        content: row.content,
        image: PODCAST_IMAGE_PATH,
        audioUrl: `/api/shared/${c.req.param('token')}/audio`,
        durationSeconds: row.durationMs === null ? null : Math.round(row.durationMs / 100) / 10,
        createdAt: row.createdAt.toISOString(),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(shared);
    })
    .on(['GET', 'HEAD'], '/:token/audio', async (c) => {
      const row = await openSharedPodcast(deps, c.req.param('token'));
      return serveFile(c, deps.audio.pathFor(row.audioKey), { contentType: 'audio/mpeg', cacheControl: 'no-store' });
    });
}
