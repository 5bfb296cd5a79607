/** What a podcast's status means for the screens, and how a progress event changes a podcast. */
import type { PodcastEvent, PodcastStatus } from '../../../../../shared/api/podcasts.ts';
import type { StoredPodcast } from '../api/podcast-storage.ts';

/** The words the card shows for each stage of a conversion. */
export const STATUS_LABELS: Record<PodcastStatus, string> = {
  queued: 'Waiting to start',
  writing: 'Writing the script',
  speaking: 'Recording the audio',
  ready: 'Ready',
  failed: 'Failed',
};

/** Ready or failed: nothing more will happen without the member asking. */
export const isSettled = (status: PodcastStatus) => status === 'ready' || status === 'failed';

/** The podcast as the event says it now is; progress is kept within 0 to 100. */
export function applyPodcastEvent(podcast: StoredPodcast, { status, progress, title, audioUrl, error }: PodcastEvent): StoredPodcast {
  return { ...podcast, status, progress: Math.min(100, Math.max(0, progress)), title, audioUrl, error };
}
