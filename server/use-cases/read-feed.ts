/**
 * The private feed podcast apps fetch with no session: the token in its address is the key, and
 * only a Premium member's token opens it. Its episodes are the member's podcasts with finished audio:
 * one still being made first is left out; one given a new voice stays, with its old audio, until the
 * new audio is ready, and then its enclosure's address changes (its guid never does).
 */
import { createHash } from 'node:crypto';
import { displayName } from '../../shared/api/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findFeedPodcastOf, listFeedPodcastsOf, listSegmentsOfKeys, type FeedPodcastRow } from '../repositories/feed-repository.ts';
import { findUserByFeedToken, type UserRow } from '../repositories/user-repository.ts';
import { isPremium } from '../services/auth/user-view.ts';
import { PODCAST_ARTWORK_PATH } from '../machinery/feed/artwork.ts';
import { episodeDescription } from '../machinery/feed/description.ts';
import { renderRss, uuidV5 } from '../machinery/feed/rss.ts';
import { feedUrl } from './get-feed-address.ts';
import { readFinishedTranscript, sourcesOf, transcriptOfSegments, type PodcastTranscript } from './read-transcript.ts';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const feedNotFound = () => new AppError('NOT_FOUND', { message: 'Feed not found' });

export type FeedDeps = { db: Database; config: Pick<Config, 'stripe' | 'publicUrl'>; clock?: () => Date };

export async function feedOwner(deps: FeedDeps, token: string): Promise<UserRow> {
  if (!TOKEN.test(token)) throw feedNotFound();
  const user = await findUserByFeedToken(deps.db, token);
  if (!user || !isPremium(user, deps.config)) throw feedNotFound();
  return user;
}

/** Names the episode's audio: changes when the audio does (a new voice), reveals nothing of its key. */
export const audioVersion = (audioKey: string) => createHash('sha256').update(audioKey).digest('hex').slice(0, 12);

/** The addresses of one episode's files in the feed, all opened by the feed's secret. */
export function feedEpisodeUrls(publicUrl: string, token: string, row: Pick<FeedPodcastRow, 'id' | 'audioKey'>) {
  const base = `${publicUrl}/api/feed/${token}`;
  const id = encodeURIComponent(row.id);
  return {
    audio: `${base}/audio/${id}.${audioVersion(row.audioKey)}.mp3`,
    vtt: `${base}/transcripts/${id}.vtt`,
    html: `${base}/transcripts/${id}.html`,
    chapters: `${base}/chapters/${id}.json`,
  };
}

const languageOf = (row: FeedPodcastRow) => ((row as { language?: string | null }).language ?? null) || null;
const httpAddress = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The most common language of the episodes; English when none is known. */
function feedLanguage(rows: FeedPodcastRow[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const language = languageOf(row);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'en';
}

export interface FeedDocument {
  xml: string;
  /** When anything in it last changed. */
  lastModified: Date;
}

/** The feed's RSS document: the member's podcasts with finished audio, newest first. */
export async function readFeed(deps: FeedDeps, token: string): Promise<FeedDocument> {
  const { publicUrl } = deps.config;
  const user = await feedOwner(deps, token);
  const rows = await listFeedPodcastsOf(deps.db, user.id);
  const segments = await listSegmentsOfKeys(deps.db, rows.map((row) => row.audioKey));
  const name = displayName(user);
  const lastModified = new Date(Math.max(user.createdAt.getTime(), ...rows.map((r) => r.updatedAt.getTime())));
  const xml = renderRss({
    title: `Pagecast: ${name}'s podcasts`,
    description: 'Web pages you turned into podcasts with Pagecast. This feed is private: do not share its address.',
    link: publicUrl,
    language: feedLanguage(rows),
    imageUrl: `${publicUrl}${PODCAST_ARTWORK_PATH}`,
    author: name,
    owner: { name },
    copyright: `Each article belongs to its author; read aloud by Pagecast for ${name}'s own listening.`,
    selfUrl: feedUrl(publicUrl, token),
    // From the member, not the address: it stays when "Rotate address" changes the secret.
    guid: uuidV5(`${new URL(publicUrl).host}/feed/${user.id}`),
    builtAt: lastModified,
    episodes: rows.map((row) => {
      const urls = feedEpisodeUrls(publicUrl, token, row);
      const source = httpAddress(row.sourceUrl);
      const description = episodeDescription(row.articleText || row.content, source, sourcesOf(row));
      const language = languageOf(row) ?? undefined;
      return {
        guid: `pagecast-${row.id}`,
        title: row.title,
        description: description.text,
        descriptionHtml: description.html,
        publishedAt: row.createdAt,
        link: source ?? publicUrl,
        audioUrl: urls.audio,
        audioBytes: row.audioBytes,
        durationSeconds: row.durationMs / 1000,
        transcripts: [
          { url: urls.vtt, type: 'text/vtt' as const, ...(language ? { language } : {}) },
          { url: urls.html, type: 'text/html' as const, ...(language ? { language } : {}) },
        ],
        chaptersUrl: urls.chapters,
        chapters: transcriptOfSegments(row, segments.get(row.audioKey) ?? [], true, true).chapters,
      };
    }),
  });
  return { xml, lastModified };
}

/** One episode of the feed: its podcast with finished audio. */
export async function findFeedEpisode(deps: FeedDeps, token: string, podcastId: string): Promise<FeedPodcastRow> {
  const user = await feedOwner(deps, token);
  const row = await findFeedPodcastOf(deps.db, user.id, podcastId);
  if (!row) throw feedNotFound();
  return row;
}

/** The transcript and chapters of the audio the feed serves for an episode. */
export async function readFeedTranscript(deps: FeedDeps, token: string, podcastId: string): Promise<PodcastTranscript> {
  return readFinishedTranscript(deps, await findFeedEpisode(deps, token, podcastId));
}
