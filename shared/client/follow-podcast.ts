/**
 * Follows one podcast's conversion through its event stream (GET /api/podcasts/:id/events) until it
 * is ready or failed. The server sends the podcast's current state as soon as a stream opens, so a
 * dropped stream is simply opened again, after a pause that grows while failures repeat. A refusal
 * that will not change (the podcast is gone, or not the caller's) ends the follow with its error.
 */
import { podcastEventSchema, type PodcastEvent } from '../api/podcasts.ts';
import { isFinished } from '../podcast/apply-event.ts';
import { isApiError, isTransient } from './api-error.ts';
import { readEventStream } from './event-stream.ts';

/** Pauses before opening the stream again: the first after one failure, the last repeats. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/** The event stream's opener; `client.podcasts` of the Pagecast client is one. */
export interface PodcastEventSource {
  openEvents(id: string, options: { signal?: AbortSignal }): Promise<Response>;
}

export interface FollowOptions {
  /** Each event as it arrives; awaited before the next is read. */
  onEvent: (event: PodcastEvent) => void | Promise<void>;
  /** Stops following (the promise then rejects with the signal's reason). */
  signal: AbortSignal;
  reconnectDelaysMs?: readonly number[];
}

/**
 * Follows until the podcast is ready or failed and resolves with that last event. Rejects with the
 * ApiError of a lasting refusal, or with the abort reason when `signal` stops it.
 */
export async function followPodcast(source: PodcastEventSource, id: string, options: FollowOptions): Promise<PodcastEvent> {
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  let failures = 0;
  for (;;) {
    try {
      const final = await readOnce(source, id, options);
      if (final) return final;
      // The stream worked and simply ended (a server restart): the pauses start over.
      failures = 0;
    } catch (err) {
      if (options.signal.aborted) throw options.signal.reason ?? err;
      if (isApiError(err) && !isTransient(err)) throw err;
      failures++;
    }
    await pause(delays[Math.min(Math.max(failures - 1, 0), delays.length - 1)] ?? 0, options.signal);
  }
}

/** Reads one stream; answers the final event, or null when the stream ended before it. */
async function readOnce(source: PodcastEventSource, id: string, { onEvent, signal }: FollowOptions): Promise<PodcastEvent | null> {
  const res = await source.openEvents(id, { signal });
  if (!res.body) return null;
  for await (const message of readEventStream(res.body)) {
    if (message.event !== 'podcast') continue;
    const event = podcastEventSchema.safeParse(parseJson(message.data));
    if (!event.success) continue;
    await onEvent(event.data);
    if (isFinished(event.data.status)) return event.data;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
