/** How both UIs name a podcast's status. */
import type { PodcastStatus } from '../api/podcasts.ts';

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

/** The words a reader sees for a status: 'Writing the script', 'Ready to play'. */
export function podcastStatusLabel(status: PodcastStatus): string {
  return PODCAST_STATUS_LABELS[status];
}
