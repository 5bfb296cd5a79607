/**
 * The private feed podcast apps fetch with no session: the token in its address is the key, and
 * only a Premium member's token opens it.
 */
import { PODCAST_IMAGE_PATH } from '../../shared/constants.ts';
import { displayName } from '../../shared/api/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { listReadyPodcastsOf } from '../repositories/podcast-repository.ts';
import { findUserByFeedToken, type UserRow } from '../repositories/user-repository.ts';
import { isPremium } from '../services/auth/user-view.ts';
import { renderRss } from '../services/feed/rss.ts';
import { feedUrl } from './get-feed-address.ts';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const feedNotFound = () => new AppError('NOT_FOUND', { message: 'Feed not found' });

export type FeedDeps = { db: Database; config: Pick<Config, 'stripe' | 'publicUrl'> };

export async function feedOwner(deps: FeedDeps, token: string): Promise<UserRow> {
  if (!TOKEN.test(token)) throw feedNotFound();
  const user = await findUserByFeedToken(deps.db, token);
  if (!user || !isPremium(user, deps.config)) throw feedNotFound();
  return user;
}

/** The feed's RSS document: the member's ready podcasts, newest first. */
export async function readFeed(deps: FeedDeps, token: string): Promise<string> {
  const { publicUrl } = deps.config;
  const user = await feedOwner(deps, token);
  const rows = await listReadyPodcastsOf(deps.db, user.id);
  return renderRss({
    title: `Pagecast: ${displayName(user)}'s podcasts`,
    description: 'Web pages you turned into podcasts with Pagecast. This feed is private: do not share its address.',
    link: publicUrl,
    imageUrl: `${publicUrl}${PODCAST_IMAGE_PATH}`,
    author: displayName(user),
    selfUrl: feedUrl(publicUrl, token),
    episodes: rows.map((row) => ({
      guid: `pagecast-${row.id}`,
      title: row.title,
      description: row.content.split('\n').slice(0, 3).join(' ').slice(0, 600),
      publishedAt: row.createdAt,
      audioUrl: `${publicUrl}/api/feed/${token}/audio/${encodeURIComponent(row.id)}.mp3`,
      audioBytes: row.audioBytes ?? 0,
      durationSeconds: (row.durationMs ?? 0) / 1000,
    })),
  });
}
