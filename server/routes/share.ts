import crypto from 'node:crypto';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { SharedPodcast } from '../../shared/api/premium.ts';
import { PODCAST_IMAGE_PATH } from '../../shared/constants.ts';
import { podcasts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../errors.ts';
import { requirePremium } from '../http/premium.ts';
import { serveFile } from '../http/serve-file.ts';
import { findOwnedPodcast, sharePageUrl, updatePodcast, type PodcastRow } from '../services/podcasts/repository.ts';

const SHARE_MESSAGE = 'Upgrade to Premium to share podcasts';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const notFound = () => new AppError('NOT_FOUND', { message: 'This shared podcast does not exist or is no longer shared' });

/** The owner's side: `POST`/`DELETE /api/podcasts/:id/share`. */
export function shareRoutes({ db, config }: AppDeps) {
  const ownedReady = async (id: string, userId: string) => {
    const podcast = await findOwnedPodcast(db, id, { userId });
    if (!podcast) throw new AppError('NOT_FOUND', { message: 'Podcast not found' });
    return podcast;
  };
  return new Hono<AppEnv>()
    .post('/:id/share', async (c) => {
      const caller = requirePremium(c, SHARE_MESSAGE);
      const podcast = await ownedReady(c.req.param('id'), caller.userId);
      if (podcast.status !== 'ready') {
        throw new AppError('AUDIO_NOT_READY', { message: 'A podcast can be shared once its audio is ready' });
      }
      const token = podcast.shareToken ?? crypto.randomBytes(24).toString('base64url');
      if (!podcast.shareToken) await updatePodcast(db, podcast.id, { shareToken: token });
      return c.json({ url: sharePageUrl(config.publicUrl, token) });
    })
    .delete('/:id/share', async (c) => {
      const caller = requirePremium(c, SHARE_MESSAGE);
      const podcast = await ownedReady(c.req.param('id'), caller.userId);
      await updatePodcast(db, podcast.id, { shareToken: null });
      return c.json({ success: true });
    });
}

/** The public side: `GET /api/shared/:token` and its audio, no account needed. */
export function sharedRoutes({ db, audio }: AppDeps) {
  const byToken = async (token: string): Promise<PodcastRow> => {
    if (!TOKEN.test(token)) throw notFound();
    const [row] = await db.select().from(podcasts).where(eq(podcasts.shareToken, token));
    if (!row || row.status !== 'ready' || !row.audioKey) throw notFound();
    return row;
  };
  return new Hono<AppEnv>()
    .get('/:token', async (c) => {
      const row = await byToken(c.req.param('token'));
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
      const row = await byToken(c.req.param('token'));
      return serveFile(c, audio.pathFor(row.audioKey!), { contentType: 'audio/mpeg', cacheControl: 'no-store' });
    });
}
