import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findPodcastByShareToken, type PodcastRow } from '../repositories/podcast-repository.ts';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const notShared = () => new AppError('NOT_FOUND', { message: 'This shared podcast does not exist or is no longer shared' });

/** The ready podcast a share token opens, for anyone; NOT_FOUND when the token shares nothing. */
export async function openSharedPodcast(deps: { db: Database }, token: string): Promise<PodcastRow & { audioKey: string }> {
  if (!TOKEN.test(token)) throw notShared();
  const row = await findPodcastByShareToken(deps.db, token);
  if (!row || row.status !== 'ready' || !row.audioKey) throw notShared();
  return row as PodcastRow & { audioKey: string };
}
