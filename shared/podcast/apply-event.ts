/**
 * A progress event applied to the podcast it is about. Events carry the conversion's state (status,
 * progress, title, error, the script's fallback reason) and the episode's as it is made (the growing
 * stream's address, the seconds made so far, the estimated and, once ready, exact length, the
 * finished file's address), not the script: everything else of the podcast stays.
 */
import type { Podcast, PodcastEvent, PodcastStatus } from '../api/podcasts.ts';

/** The fields of a podcast an event changes. */
export type EventFields = Pick<
  Podcast,
  'id' | 'status' | 'progress' | 'title' | 'audioUrl' | 'streamUrl' | 'audioSeconds' | 'estimatedSeconds' | 'durationSeconds' | 'error'
> & { fallbackReason?: string | null | undefined };

/** Whether a podcast in this status is done converting, for better or worse. */
export function isFinished(status: PodcastStatus): boolean {
  return status === 'ready' || status === 'failed';
}

/**
 * The podcast with the event applied; the same object when the event is about another podcast.
 * Progress is kept within 0–100, and an empty title in the event keeps the title the podcast had.
 */
export function applyPodcastEvent<P extends EventFields>(podcast: P, event: PodcastEvent): P {
  if (podcast.id !== event.id) return podcast;
  return {
    ...podcast,
    status: event.status,
    progress: Math.min(100, Math.max(0, event.progress)),
    title: event.title || podcast.title,
    audioUrl: event.audioUrl,
    streamUrl: event.streamUrl,
    audioSeconds: event.audioSeconds,
    estimatedSeconds: event.estimatedSeconds,
    durationSeconds: event.durationSeconds,
    error: event.error,
    // An event that does not say keeps the podcast's.
    fallbackReason: event.fallbackReason === undefined ? podcast.fallbackReason : event.fallbackReason,
  };
}

/** A list with the event applied to the podcast it is about (the list itself when none is). */
export function applyPodcastEventToList<P extends EventFields>(podcasts: readonly P[], event: PodcastEvent): P[] {
  return podcasts.map((podcast) => applyPodcastEvent(podcast, event));
}

/** The event a full podcast answer amounts to (when a client reads the podcast instead of its stream). */
export function eventOf(podcast: EventFields): PodcastEvent {
  const { id, status, progress, title, audioUrl, streamUrl, audioSeconds, estimatedSeconds, durationSeconds, error } = podcast;
  return { id, status, progress, title, audioUrl, streamUrl, audioSeconds, estimatedSeconds, durationSeconds, error, fallbackReason: podcast.fallbackReason ?? null };
}
