/**
 * Podcasts as the API answers them. The audio address is signed here, at the edge, so an <audio>
 * element can open it without headers.
 */
import type { Podcast, PodcastEvent } from '../../shared/api/podcasts.ts';
import { PODCAST_IMAGE_PATH } from '../../shared/constants.ts';
import type { PodcastRow } from '../repositories/podcast-repository.ts';
import { changeOf, type PodcastChange } from '../services/podcasts/events.ts';
import { sharePageUrl } from '../services/podcasts/share-page-url.ts';
import type { UrlSigner } from './signed-url.ts';

export function audioPath(id: string, signer: UrlSigner, now?: Date) {
  return `/api/podcasts/${encodeURIComponent(id)}/audio?t=${signer.sign(id, 'audio', now)}`;
}

/** A podcast as the API answers it; `publicUrl` makes its share link absolute. */
export function toPodcast(row: PodcastRow, signer: UrlSigner, publicUrl: string): Podcast {
  const change = changeOf(row);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    image: PODCAST_IMAGE_PATH,
    progress: row.progress,
    status: change.status,
    audioUrl: change.hasAudio ? audioPath(row.id, signer) : null,
    sourceUrl: row.sourceUrl,
    shareUrl: row.shareToken ? sharePageUrl(publicUrl, row.shareToken) : null,
    error: row.error,
    fallbackReason: row.fallbackReason,
    voice: row.voice,
    durationSeconds: row.durationMs === null ? null : Math.round(row.durationMs / 100) / 10,
    positionSeconds: row.positionMs === null ? null : Math.round(row.positionMs / 100) / 10,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPodcastEvent(change: PodcastChange, signer: UrlSigner): PodcastEvent {
  const { id, status, progress, title, error } = change;
  return { id, status, progress, title, error, audioUrl: change.hasAudio ? audioPath(id, signer) : null };
}
