/**
 * Sharing: the owner's `POST` (Premium) and `DELETE /api/podcasts/:id/share` (any member, so one whose
 * subscription ended can still take a page down), the public `/api/shared/:token`, and the web app's
 * page `/shared/:token` with its link preview (404 when the link shares nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { SharedPodcast } from '../../shared/api/premium.ts';
import { PODCAST_IMAGE_PATH } from '../../shared/constants.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireCaller } from '../http/caller.ts';
import { requirePremium } from '../http/premium.ts';
import { serveAudio } from '../http/serve-audio.ts';
import { sharePageHtml } from '../http/share-page.ts';
import { openSharePage } from '../use-cases/open-share-page.ts';
import { openSharedAudio, openSharedPodcast } from '../use-cases/open-shared-podcast.ts';
import { podcastMode, seconds } from '../http/podcast-view.ts';
import { howMadeLabel } from '../../shared/podcast/status-labels.ts';
import { playlistResponse, segmentNumber } from '../http/stream.ts';
import { hlsPlaylist } from '../machinery/audio/hls-playlist.ts';
import { episode } from '../machinery/audio/store.ts';
import { listStreamSegments, openStreamSegment, streamComplete } from '../use-cases/open-episode-stream.ts';
import { hasEpisodeStream } from '../services/podcasts/events.ts';
import { SHARE_MESSAGE, sharePodcast } from '../use-cases/share-podcast.ts';
import { stopSharingPodcast } from '../use-cases/stop-sharing-podcast.ts';
import { sourcesOf } from '../use-cases/read-transcript.ts';

export function shareRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/:id/share', async (c) => {
      const caller = requirePremium(c, SHARE_MESSAGE);
      return c.json({ url: await sharePodcast(deps, caller.userId, c.req.param('id')) });
    })
    // Taking a page down needs no Premium: a member whose subscription ended still controls what
    // they shared. Their shares stay public until they do (docs/operations.md, "Payments").
    .delete('/:id/share', async (c) => {
      const caller = requireCaller(c);
      await stopSharingPodcast(deps, caller.userId, c.req.param('id'));
      return c.json({ success: true });
    });
}

export function sharedRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/:token', async (c) => {
      const token = c.req.param('token');
      const row = await openSharedPodcast(deps, token);
      const ready = row.status === 'ready';
      const shared: SharedPodcast = {
        title: row.title,
        image: PODCAST_IMAGE_PATH,
        audioUrl: ready ? `/api/shared/${token}/audio` : null,
        streamUrl: hasEpisodeStream(row) ? `/api/shared/${token}/stream.m3u8` : null,
        complete: streamComplete(row),
        audioSeconds: seconds(ready ? row.durationMs : row.madeMs),
        estimatedSeconds: seconds(ready ? row.durationMs : row.estimatedMs),
        durationSeconds: ready ? seconds(row.durationMs) : null,
        createdAt: row.createdAt.toISOString(),
        sources: sourcesOf(row),
        howMade: ready ? howMadeLabel({ mode: podcastMode(row.mode), fallbackReason: row.fallbackReason }) : null,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(shared);
    })
    .on(['GET', 'HEAD'], '/:token/audio', async (c) => {
      const row = await openSharedAudio(deps, c.req.param('token'));
      return serveAudio(c, deps.audio, episode(row.audioKey), { contentType: 'audio/mpeg', cacheControl: 'no-store' });
    })
    .get('/:token/stream.m3u8', async (c) => {
      const podcast = await openSharedPodcast(deps, c.req.param('token'));
      const { segments, complete } = await listStreamSegments(deps, podcast);
      return playlistResponse(hlsPlaylist(segments, { complete, segmentUri: (seq) => `segments/${seq}.mp3` }));
    })
    .get('/:token/segments/:name', async (c) => {
      const podcast = await openSharedPodcast(deps, c.req.param('token'));
      const { audio, slice } = await openStreamSegment(deps, podcast, segmentNumber(c.req.param('name')));
      return serveAudio(c, deps.audio, audio, { contentType: 'audio/mpeg', cacheControl: 'no-store', ...(slice ? { slice } : {}) });
    });
}

/** `/shared/:token`: the web app's page, with the podcast's preview tags; 404 when nothing is shared. */
export function sharePageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/:token', async (c, next) => {
    const indexHtml = path.join(deps.config.webDistDir, 'index.html');
    if (!fs.existsSync(indexHtml)) return next(); // the web app's catch-all says it is not built
    const token = c.req.param('token');
    const preview = await openSharePage(deps, token);
    const { publicUrl } = deps.config;
    const html = sharePageHtml(await fs.promises.readFile(indexHtml, 'utf8'), preview, `${publicUrl}/shared/${token}`, publicUrl);
    // The page still runs the web app, which says the link is gone.
    c.header('Cache-Control', 'no-cache');
    return c.html(html, preview ? 200 : 404);
  });
}
