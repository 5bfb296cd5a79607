/**
 * Pushes podcast changes to the clients watching them (server-sent events) within this process.
 * Other processes' changes reach watchers through the progress watch's periodic re-read.
 * A change carries no signed address: the HTTP edge signs the audio address when it sends one.
 */
import { EventEmitter } from 'node:events';
import type { PodcastStatus } from '../../../shared/api/podcasts.ts';
import type { PodcastRow } from '../../repositories/podcast-repository.ts';

/** What a watching client needs to follow a conversion. */
export interface PodcastChange {
  id: string;
  status: PodcastStatus;
  progress: number;
  title: string;
  error: string | null;
  /** The podcast has its finished audio (the edge answers its signed address). */
  hasAudio: boolean;
  /** Some of the episode is stored and can be played while the rest is made. */
  hasStream: boolean;
  /** Audio made so far, the estimated whole length, and the finished length (null until known). */
  madeMs: number | null;
  estimatedMs: number | null;
  durationMs: number | null;
}

/**
 * Some of the podcast's episode is stored and can be played: one being made (or ended unfinished),
 * or the finished one. A podcast queued for a new voice has no stream until that voice speaks.
 */
export function hasEpisodeStream(row: PodcastRow): row is PodcastRow & { streamKey: string } {
  if (row.streamKey === null || (row.madeMs ?? 0) <= 0) return false;
  return row.streamKey !== row.audioKey || row.status === 'ready';
}

export function changeOf(row: PodcastRow): PodcastChange {
  return {
    id: row.id,
    status: row.status as PodcastStatus,
    progress: row.progress,
    title: row.title,
    error: row.error,
    hasAudio: row.status === 'ready' && row.audioKey !== null,
    hasStream: hasEpisodeStream(row),
    madeMs: row.madeMs,
    estimatedMs: row.estimatedMs,
    durationMs: row.status === 'ready' ? row.durationMs : null,
  };
}

export interface PodcastEvents {
  publish(change: PodcastChange): void;
  subscribe(podcastId: string, listener: (change: PodcastChange) => void): () => void;
  /** Ends every open stream (the server is shutting down). */
  closeAll(): void;
  onClose(listener: () => void): () => void;
}

const CLOSE = Symbol('close');

export function createPodcastEvents(): PodcastEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (change) => emitter.emit(change.id, change),
    subscribe(podcastId, listener) {
      emitter.on(podcastId, listener);
      return () => emitter.off(podcastId, listener);
    },
    closeAll: () => emitter.emit(CLOSE),
    onClose(listener) {
      emitter.on(CLOSE, listener);
      return () => emitter.off(CLOSE, listener);
    },
  };
}
