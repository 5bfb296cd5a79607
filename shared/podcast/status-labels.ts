/** How both UIs name a podcast's status. */
import type { PodcastStatus } from '../api/podcasts.ts';
import type { PodcastMode } from '../constants.ts';

export const PODCAST_STATUS_LABELS: Readonly<Record<PodcastStatus, string>> = {
  queued: 'Waiting to start',
  writing: 'Writing the script',
  speaking: 'Recording the audio',
  ready: 'Ready to play',
  failed: 'Failed to create podcast',
  drafted: 'Script ready to edit',
};

/** What a card says when the AI failed and the episode was read from the article instead. */
export const AI_FALLBACK_LABEL = 'AI unavailable, read from the article';

/** Why a script is not the AI's on a server with no AI model (the podcast's fallbackReason). */
export const NO_SCRIPT_WRITER_REASON = 'No AI script writer is configured';

/**
 * How a finished episode was made, in the card's words: read from the article as asked, written by
 * the AI, or read from the article because no AI model is configured or the AI failed.
 */
export function howMadeLabel(podcast: { mode?: PodcastMode | undefined; fallbackReason?: string | null | undefined }): string {
  if (podcast.mode === 'read') return 'Read from the article, word for word';
  if (podcast.fallbackReason === NO_SCRIPT_WRITER_REASON) return 'No AI model on this server: read from the article';
  if (podcast.fallbackReason) return AI_FALLBACK_LABEL;
  return 'Script written by AI from the article';
}

/** The words a reader sees for a status: 'Writing the script', 'Ready to play'. */
export function podcastStatusLabel(status: PodcastStatus): string {
  return PODCAST_STATUS_LABELS[status];
}
