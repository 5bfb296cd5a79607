/**
 * Podcasts as the API answers them. The audio address is signed here, at the edge, so an <audio>
 * element can open it without headers.
 */
import type { Podcast, PodcastEvent } from '../../shared/api/podcasts.ts';
import { PODCAST_IMAGE_PATH, PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import { webAddress } from '../../shared/validation.ts';
import type { PodcastRow, PodcastSummary } from '../repositories/podcast-repository.ts';
import { changeOf, type PodcastChange } from '../services/podcasts/events.ts';
import { sourcesOf } from '../use-cases/read-transcript.ts';
import { sharePageUrl } from '../services/podcasts/share-page-url.ts';
import type { UrlSigner } from './signed-url.ts';

export function audioPath(id: string, signer: UrlSigner, now?: Date) {
  return `/api/podcasts/${encodeURIComponent(id)}/audio?t=${signer.sign(id, 'audio', now)}`;
}

/** The growing episode's playlist; its segment addresses are relative to it and carry the same token. */
export function streamPath(id: string, signer: UrlSigner, now?: Date) {
  return `/api/podcasts/${encodeURIComponent(id)}/stream.m3u8?t=${signer.sign(id, 'audio', now)}`;
}

/** Milliseconds as the API answers them: seconds to a tenth. */
export const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

/** The made-so-far part of a change, as clients read it. */
function streamView(change: PodcastChange, signer: UrlSigner) {
  return {
    streamUrl: change.hasStream ? streamPath(change.id, signer) : null,
    audioSeconds: seconds(change.durationMs ?? change.madeMs),
    estimatedSeconds: seconds(change.durationMs ?? change.estimatedMs),
  };
}

/**
 * A podcast as the API answers it; `publicUrl` makes its share link absolute. Never its script (which
 * may run to megabytes): only whether it has one; `GET …/script` and the transcripts carry the text.
 */
export function toPodcast(row: PodcastRow | PodcastSummary, signer: UrlSigner, publicUrl: string): Podcast {
  const change = changeOf(row);
  return {
    id: row.id,
    title: row.title,
    // The list's rows say it (the SQL's `content ~ '\S'`); a whole row has the script to look at.
    hasScript: 'hasScript' in row ? row.hasScript : /\S/.test(row.content),
    image: PODCAST_IMAGE_PATH,
    progress: row.progress,
    status: change.status,
    audioUrl: change.hasAudio ? audioPath(row.id, signer) : null,
    ...streamView(change, signer),
    // Rows stored before only web addresses were kept may hold another scheme: never a link.
    sourceUrl: webAddress(row.sourceUrl),
    shareUrl: row.shareToken ? sharePageUrl(publicUrl, row.shareToken) : null,
    error: row.error,
    fallbackReason: row.fallbackReason,
    voice: row.voice,
    durationSeconds: seconds(row.durationMs),
    positionSeconds: seconds(row.positionMs),
    createdAt: row.createdAt.toISOString(),
    playedAt: row.playedAt?.toISOString() ?? null,
    mode: podcastMode(row.mode),
    minutes: row.minutes,
    scriptEdited: row.scriptEdited,
    language: row.language,
    sources: sourcesOf(row),
    unreadable: row.sources?.unreadable ?? [],
  };
}

/** A stored mode as the API names it (rows from before modes were told as podcasts). */
export function podcastMode(mode: string): PodcastMode {
  return (PODCAST_MODES as readonly string[]).includes(mode) ? (mode as PodcastMode) : 'podcast';
}

export function toPodcastEvent(change: PodcastChange, signer: UrlSigner): PodcastEvent {
  const { id, status, progress, title, error, fallbackReason } = change;
  return {
    id,
    status,
    progress,
    title,
    error,
    fallbackReason,
    audioUrl: change.hasAudio ? audioPath(id, signer) : null,
    ...streamView(change, signer),
    durationSeconds: seconds(change.durationMs),
  };
}
