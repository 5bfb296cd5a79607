/**
 * `GET /api/feed` (the caller's secret feed address), `POST /api/feed/rotate`, and the feed itself
 * with its files at `/api/feed/:token/…`, which podcast apps fetch with no session: `rss.xml`,
 * `audio/<id>.<version>.mp3` (Range, ETag), `transcripts/<id>.vtt|.html|.txt` and
 * `chapters/<id>.json`. Each answers HEAD with its length and 304 to a copy the app already has.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requirePremium } from '../http/premium.ts';
import { serveAudio } from '../http/serve-audio.ts';
import { textResponse } from '../http/text-response.ts';
import { renderChaptersJson, renderHtml, renderText, renderVtt } from '../machinery/feed/transcript.ts';
import { FEED_MESSAGE, getFeedAddress } from '../use-cases/get-feed-address.ts';
import { openFeedAudio } from '../use-cases/open-feed-audio.ts';
import { feedNotFound, readFeed, readFeedTranscript } from '../use-cases/read-feed.ts';
import { rotateFeedAddress } from '../use-cases/rotate-feed-address.ts';
import { TRANSCRIPT_TYPES } from './transcripts.ts';

/** Podcast apps check back often: they may keep a copy a few minutes, then must ask again. */
const FEED_CACHE = 'private, max-age=300';

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
    .on(['GET', 'HEAD'], '/:token/rss.xml', async (c) => {
      const { xml, lastModified } = await readFeed(deps, c.req.param('token'));
      return textResponse(c, xml, { contentType: 'application/rss+xml; charset=utf-8', cacheControl: FEED_CACHE, lastModified });
    })
    .on(['GET', 'HEAD'], '/:token/audio/:file', async (c) => {
      const { audio, version } = await openFeedAudio(deps, c.req.param('token'), c.req.param('file'));
      return serveAudio(c, deps.audio, audio, { contentType: 'audio/mpeg', etag: `"${version}"` });
    })
    .on(['GET', 'HEAD'], '/:token/transcripts/:file', async (c) => {
      const match = /^([^./]+)\.(vtt|html|txt)$/.exec(c.req.param('file'));
      if (!match) throw feedNotFound();
      const format = match[2] as 'vtt' | 'html' | 'txt';
      const t = await readFeedTranscript(deps, c.req.param('token'), match[1]!);
      const body = format === 'vtt' ? renderVtt(t) : format === 'html' ? renderHtml(t.title, t, t.language) : renderText(t.title, t);
      return textResponse(c, body, { contentType: TRANSCRIPT_TYPES[format], cacheControl: FEED_CACHE });
    })
    .on(['GET', 'HEAD'], '/:token/chapters/:file', async (c) => {
      const match = /^([^./]+)\.json$/.exec(c.req.param('file'));
      if (!match) throw feedNotFound();
      const t = await readFeedTranscript(deps, c.req.param('token'), match[1]!);
      return textResponse(c, renderChaptersJson(t.title, t.chapters), { contentType: TRANSCRIPT_TYPES.chapters, cacheControl: FEED_CACHE });
    });
}
