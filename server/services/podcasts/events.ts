/**
 * Pushes podcast changes to the clients watching them (server-sent events) within this process.
 * Other processes' changes reach watchers through the events route's periodic re-read.
 */
import { EventEmitter } from 'node:events';
import type { PodcastEvent } from '../../../shared/api/podcasts.ts';

export interface PodcastEvents {
  publish(event: PodcastEvent): void;
  subscribe(podcastId: string, listener: (event: PodcastEvent) => void): () => void;
  /** Ends every open stream (the server is shutting down). */
  closeAll(): void;
  onClose(listener: () => void): () => void;
}

const CLOSE = Symbol('close');

export function createPodcastEvents(): PodcastEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit(event.id, event),
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
