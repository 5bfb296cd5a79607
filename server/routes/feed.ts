import crypto from 'node:crypto';
import { Hono } from 'hono';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { PODCAST_IMAGE_PATH } from '../../shared/constants.ts';
import { displayName } from '../../shared/api/auth.ts';
import { podcasts, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../errors.ts';
import { requirePremium } from '../http/premium.ts';
import { serveFile } from '../http/serve-file.ts';
import { isPremium } from '../services/auth/user-view.ts';
import { renderRss } from '../services/feed/rss.ts';

const FEED_MESSAGE = 'Upgrade to Premium to get your private podcast feed';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const notFound = () => new AppError('NOT_FOUND', { message: 'Feed not found' });
const newToken = () => crypto.randomBytes(24).toString('base64url');

/**
 * `GET /api/feed` (the caller's secret feed address), `POST /api/feed/rotate`, and the feed itself
 * with its audio at `/api/feed/:token/…`, which podcast apps fetch with no session: the token is the
 * key, and rotating it locks the old address out.
 */
export function feedRoutes({ db, config, audio }: AppDeps) {
  const feedUrl = (token: string) => `${config.publicUrl}/api/feed/${token}/rss.xml`;

  const ownerOf = async (token: string) => {
    if (!TOKEN.test(token)) throw notFound();
    const [user] = await db.select().from(users).where(eq(users.feedToken, token));
    if (!user || !isPremium(user, config)) throw notFound();
    return user;
  };

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const caller = requirePremium(c, FEED_MESSAGE);
      const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
      let token = user?.feedToken;
      if (!token) {
        token = newToken();
        await db.update(users).set({ feedToken: token }).where(eq(users.id, caller.userId));
      }
      return c.json({ url: feedUrl(token) });
    })
    .post('/rotate', async (c) => {
      const caller = requirePremium(c, FEED_MESSAGE);
      const token = newToken();
      await db.update(users).set({ feedToken: token }).where(eq(users.id, caller.userId));
      return c.json({ url: feedUrl(token) });
    })
    .get('/:token/rss.xml', async (c) => {
      const token = c.req.param('token');
      const user = await ownerOf(token);
      const rows = await db
        .select()
        .from(podcasts)
        .where(and(eq(podcasts.userId, user.id), eq(podcasts.status, 'ready'), isNotNull(podcasts.audioKey)))
        .orderBy(desc(podcasts.createdAt));
      const xml = renderRss({
        title: `Pagecast: ${displayName(user)}'s podcasts`,
        description: 'Web pages you turned into podcasts with Pagecast. This feed is private: do not share its address.',
        link: config.publicUrl,
        imageUrl: `${config.publicUrl}${PODCAST_IMAGE_PATH}`,
        author: displayName(user),
        selfUrl: feedUrl(token),
        episodes: rows.map((row) => ({
          guid: `pagecast-${row.id}`,
          title: row.title,
          description: row.content.split('\n').slice(0, 3).join(' ').slice(0, 600),
          publishedAt: row.createdAt,
          audioUrl: `${config.publicUrl}/api/feed/${token}/audio/${encodeURIComponent(row.id)}.mp3`,
          audioBytes: row.audioBytes ?? 0,
          durationSeconds: (row.durationMs ?? 0) / 1000,
        })),
      });
      return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'private, max-age=300' });
    })
    .on(['GET', 'HEAD'], '/:token/audio/:file', async (c) => {
      const user = await ownerOf(c.req.param('token'));
      const id = c.req.param('file').replace(/\.mp3$/, '');
      const [row] = await db
        .select()
        .from(podcasts)
        .where(and(eq(podcasts.id, id), eq(podcasts.userId, user.id), eq(podcasts.status, 'ready')));
      if (!row?.audioKey) throw notFound();
      return serveFile(c, audio.pathFor(row.audioKey), { contentType: 'audio/mpeg' });
    });
}
