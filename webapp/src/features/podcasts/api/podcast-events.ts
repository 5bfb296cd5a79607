/**
 * Follows one podcast's conversion through GET /api/podcasts/:id/events until it is ready or failed.
 * A dropped stream is opened again after a growing pause; a refusal (the podcast is gone, or not the
 * caller's) ends the watch with that error.
 */
import { podcastEventSchema, type PodcastEvent } from '../../../../../shared/api/podcasts.ts';
import { apiFetch, ApiError } from '../../../lib/api-client.ts';
import { createSseParser } from '../../../../../shared/sse.ts';
import { eventsPath } from './podcasts.ts';

const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000];

const isFinal = (event: PodcastEvent) => event.status === 'ready' || event.status === 'failed';

/** Resolves with the final event; rejects with an ApiError on a refusal, or an AbortError. */
export async function watchPodcast(
  id: string,
  onEvent: (event: PodcastEvent) => void,
  signal: AbortSignal,
): Promise<PodcastEvent> {
  for (let attempt = 0; ; attempt++) {
    try {
      const final = await readStream(id, onEvent, signal);
      if (final) return final;
      attempt = -1; // the stream worked and simply ended: start the pauses over
    } catch (err) {
      if (signal.aborted) throw err;
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
      if (refused) throw err;
    }
    await pause(RETRY_DELAYS_MS[Math.min(Math.max(attempt, 0), RETRY_DELAYS_MS.length - 1)]!, signal);
  }
}

async function readStream(
  id: string,
  onEvent: (event: PodcastEvent) => void,
  signal: AbortSignal,
): Promise<PodcastEvent | null> {
  const res = await apiFetch(eventsPath(id), { accept: 'text/event-stream', signal });
  if (!res.body) return null;
  let final: PodcastEvent | null = null;
  const push = createSseParser((message) => {
    if (message.event !== 'podcast' || final) return;
    let json: unknown;
    try {
      json = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = podcastEventSchema.safeParse(json);
    if (!parsed.success) return;
    onEvent(parsed.data);
    if (isFinal(parsed.data)) final = parsed.data;
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!final) {
      const { done, value } = await reader.read();
      if (done) break;
      push(value);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return final;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
