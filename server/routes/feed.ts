/**
 * `GET /api/feed` (the caller's secret feed address), `POST /api/feed/rotate`, and the feed itself
 * with its audio at `/api/feed/:token/…`, which podcast apps fetch with no session.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requirePremium } from '../http/premium.ts';
import { serveAudio } from '../http/serve-audio.ts';
import { FEED_MESSAGE, getFeedAddress } from '../use-cases/get-feed-address.ts';
import { openFeedAudio } from '../use-cases/open-feed-audio.ts';
import { readFeed } from '../use-cases/read-feed.ts';
import { rotateFeedAddress } from '../use-cases/rotate-feed-address.ts';

export function feedRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const caller = requirePremium(c, FEED_MESSAGE);
      return c.json({ url: await getFeedAddress(deps, caller.userId) });
    })
    .post('/rotate', async (c) => {
      const caller = requirePremium(c, FEED_MESSAGE);
      return c.json({ url: await rotateFeedAddress(deps, caller.userId) });
    })
    .get('/:token/rss.xml', async (c) => {
      const xml = await readFeed(deps, c.req.param('token'));
      return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'private, max-age=300' });
    })
    .on(['GET', 'HEAD'], '/:token/audio/:file', async (c) => {
      const audio = await openFeedAudio(deps, c.req.param('token'), c.req.param('file').replace(/\.mp3$/, ''));
      return serveAudio(c, deps.audio, audio, { contentType: 'audio/mpeg' });
    });
}
