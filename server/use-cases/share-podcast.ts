import crypto from 'node:crypto';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { updatePodcast } from '../repositories/podcast-repository.ts';
import { sharePageUrl } from '../services/podcasts/share-page-url.ts';
import { getPodcast } from './get-podcast.ts';
import { hasEpisodeStream } from '../services/podcasts/events.ts';

export const SHARE_MESSAGE = 'Upgrade to Premium to share podcasts';

/** Gives a member's ready podcast a public page (the same one every time); answers its address. */
export async function sharePodcast(deps: { db: Database; config: { publicUrl: string } }, userId: string, id: string): Promise<string> {
  const podcast = await getPodcast(deps, id, { userId });
  if (podcast.status !== 'ready' && !hasEpisodeStream(podcast)) {
    throw new AppError('AUDIO_NOT_READY', { message: 'A podcast can be shared once its audio has started' });
  }
  const token = podcast.shareToken ?? crypto.randomBytes(24).toString('base64url');
  if (!podcast.shareToken) await updatePodcast(deps.db, podcast.id, { shareToken: token });
  return sharePageUrl(deps.config.publicUrl, token);
}
