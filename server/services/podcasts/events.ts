/**
 * Pushes podcast changes to the clients watching them (server-sent events). Within this process
 * through an emitter; across processes (several web and worker processes on one PostgreSQL)
 * through a relay (PostgreSQL NOTIFY, see db/notifications.ts) that sends each change published
 * here and feeds in, with `receive`, those published elsewhere. With no relay (the embedded
 * database: one process) changes stay in this process.
 * A change carries no signed address: the HTTP edge signs the audio address when it sends one.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { PodcastStatus } from '../../../shared/api/podcasts.ts';
import type { PodcastState } from '../../repositories/podcast-repository.ts';

/** What a watching client needs to follow a conversion. */
export interface PodcastChange {
  id: string;
  status: PodcastStatus;
  progress: number;
  title: string;
  error: string | null;
  /** The podcast has its finished audio (the edge answers its signed address). */
  hasAudio: boolean;
  /**
   * The episode plays while it is made: some of it is stored, or the podcast's first episode is on
   * its way (its playlist answers once the first part is stored, so a player can be ready at once).
   */
  hasStream: boolean;
  /** Audio made so far, the estimated whole length, and the finished length (null until known). */
  madeMs: number | null;
  estimatedMs: number | null;
  durationMs: number | null;
  /** Why the script is not wholly the AI's (null when it is, or not written yet): the card's words come from it. */
  fallbackReason: string | null;
}

/**
 * Some of the podcast's episode is stored and can be played: one being made (or ended unfinished),
 * or the finished one. A podcast queued for a new voice has no stream until that voice speaks.
 */
export function hasEpisodeStream<Row extends PodcastState>(row: Row): row is Row & { streamKey: string } {
  if (row.streamKey === null || (row.madeMs ?? 0) <= 0) return false;
  return row.streamKey !== row.audioKey || row.status === 'ready';
}

/**
 * The podcast's first episode is on its way and nothing of it is stored yet: it has no audio, is not
 * a draft waiting for its member, and is queued, written or spoken now.
 */
export function firstEpisodeComing(row: PodcastState): boolean {
  const underWay = row.status === 'queued' || row.status === 'writing' || row.status === 'speaking';
  return underWay && row.audioKey === null && !row.draft && !hasEpisodeStream(row);
}

export function changeOf(row: PodcastState): PodcastChange {
  return {
    id: row.id,
    status: row.status as PodcastStatus,
    progress: row.progress,
    title: row.title,
    error: row.error,
    hasAudio: row.status === 'ready' && row.audioKey !== null,
    hasStream: hasEpisodeStream(row) || firstEpisodeComing(row),
    madeMs: row.madeMs,
    estimatedMs: row.estimatedMs,
    durationMs: row.status === 'ready' ? row.durationMs : null,
    fallbackReason: row.fallbackReason,
  };
}

export interface PodcastEvents {
  /** Tells this process's watchers, and other processes' through the relay. */
  publish(change: PodcastChange): void;
  /** A payload the relay brought from another process: told to this process's watchers only. */
  receive(payload: string): void;
  /** Changes may have been missed (the relay's connection dropped): watchers read their podcast again. */
  resync(): void;
  onResync(listener: () => void): () => void;
  subscribe(podcastId: string, listener: (change: PodcastChange) => void): () => void;
  /** Ends every open stream, and any opened after (the server is shutting down). */
  closeAll(): void;
  /** Called once the server shuts down; at once when it already is. */
  onClose(listener: () => void): () => void;
  /** Stops the relay (after the last publish: the jobs have stopped). */
  close(): Promise<void>;
}

/** Carries published changes to the other processes (in order); see db/notifications.ts. */
export interface ChangeRelay {
  send(payload: string): void;
  close(): Promise<void>;
}

const CLOSE = Symbol('close');
const RESYNC = Symbol('resync');
/** PostgreSQL refuses NOTIFY payloads from 8,000 bytes; long free text is cut to stay well under. */
const MAX_PAYLOAD_BYTES = 7000;

interface RelayedChange {
  from: string;
  change: PodcastChange;
}

function encode(from: string, change: PodcastChange): string {
  const payload = JSON.stringify({ from, change } satisfies RelayedChange);
  if (Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES) return payload;
  const short = { ...change, title: change.title.slice(0, 500), error: change.error?.slice(0, 1000) ?? null };
  return JSON.stringify({ from, change: short } satisfies RelayedChange);
}

function decode(payload: string): RelayedChange | null {
  try {
    const parsed = JSON.parse(payload) as Partial<RelayedChange>;
    return typeof parsed.from === 'string' && typeof parsed.change?.id === 'string' ? (parsed as RelayedChange) : null;
  } catch {
    return null;
  }
}

export function createPodcastEvents(relay?: ChangeRelay): PodcastEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // This process's name on the relay, so it skips its own changes when they come back.
  const origin = crypto.randomUUID();
  let closing = false;
  return {
    publish(change) {
      emitter.emit(change.id, change);
      relay?.send(encode(origin, change));
    },
    receive(payload) {
      const relayed = decode(payload);
      if (relayed && relayed.from !== origin) emitter.emit(relayed.change.id, relayed.change);
    },
    resync: () => emitter.emit(RESYNC),
    onResync(listener) {
      emitter.on(RESYNC, listener);
      return () => emitter.off(RESYNC, listener);
    },
    subscribe(podcastId, listener) {
      emitter.on(podcastId, listener);
      return () => emitter.off(podcastId, listener);
    },
    closeAll() {
      closing = true;
      emitter.emit(CLOSE);
    },
    onClose(listener) {
      if (closing) {
        queueMicrotask(listener);
        return () => {};
      }
      emitter.on(CLOSE, listener);
      return () => emitter.off(CLOSE, listener);
    },
    close: async () => relay?.close(),
  };
}
