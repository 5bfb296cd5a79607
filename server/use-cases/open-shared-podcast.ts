import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findPodcastByShareToken, type Owner, type PodcastRow } from '../repositories/podcast-repository.ts';
import { hasEpisodeStream } from '../services/podcasts/events.ts';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const notShared = () => new AppError('NOT_FOUND', { message: 'This shared podcast does not exist or is no longer shared' });

/**
 * The podcast a share token opens, for anyone, once some of its audio can be played (it may still
 * be being made); NOT_FOUND when the token shares nothing.
 */
export async function openSharedPodcast(deps: { db: Database }, token: string): Promise<PodcastRow> {
  if (!TOKEN.test(token)) throw notShared();
  const row = await findPodcastByShareToken(deps.db, token);
  if (!row || !(isReady(row) || hasEpisodeStream(row))) throw notShared();
  return row;
}

/** The finished audio a share token opens. */
export async function openSharedAudio(deps: { db: Database }, token: string): Promise<PodcastRow & { audioKey: string }> {
  const row = await openSharedPodcast(deps, token);
  if (!isReady(row)) throw new AppError('NOT_FOUND', { message: 'This podcast is still being made' });
  return row;
}

const isReady = (row: PodcastRow): row is PodcastRow & { audioKey: string } => row.status === 'ready' && row.audioKey !== null;

/** Whether the caller is the podcast's owner (the share page then names the podcast, so its owner may ask it questions). */
export function ownsPodcast(owner: Owner | null, row: Pick<PodcastRow, 'userId' | 'anonymousToken'>): boolean {
  if (!owner) return false;
  return 'userId' in owner ? row.userId === owner.userId : row.anonymousToken === owner.anonymousToken;
}
