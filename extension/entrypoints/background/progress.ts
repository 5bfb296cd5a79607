/**
 * Follows a podcast's conversion on the server: its server-sent events while they flow, polling when
 * they do not, until the podcast is ready or failed. Each step lands in `creationItem` (for the popup
 * and the toolbar badge) and in the cached list.
 */
import { browser } from 'wxt/browser';
import { podcastEventSchema, podcastSchema, type PodcastEvent } from '../../../shared/api/podcasts.ts';
import { CONTENT_MESSAGES } from '../../../shared/errors.ts';
import { requestHeaders } from '../../api-client.ts';
import { readEventStream } from '../../../shared/client/event-stream.ts';
import { creationItem, recentPodcastsItem } from '../../storage.ts';
import { listPodcasts } from './podcast-list.ts';
import { callServer, currentApi } from './server.ts';

const POLL_INTERVAL_MS = 2000;
/** Give up following a podcast after this long; the list still shows it when it finishes. */
const TRACK_LIMIT_MS = 15 * 60 * 1000;
/** An extension call this often keeps an MV3 service worker alive while it waits on the network. */
const KEEP_ALIVE_MS = 20_000;

const isFinished = (event: Pick<PodcastEvent, 'status'>) => event.status === 'ready' || event.status === 'failed';

/** Podcasts followed right now, so a second request for the same one joins the first. */
const tracking = new Map<string, Promise<void>>();

export function trackPodcast(attemptId: string, podcastId: string): Promise<void> {
  const running = tracking.get(podcastId);
  if (running) return running;
  const keepAlive = setInterval(() => void browser.runtime.getPlatformInfo(), KEEP_ALIVE_MS);
  const run = follow(attemptId, podcastId)
    // The finished podcast now has its duration and final title: refresh the list with it.
    .then((finished) => (finished ? listPodcasts().then(() => undefined) : undefined))
    .finally(() => {
      clearInterval(keepAlive);
      tracking.delete(podcastId);
    });
  tracking.set(podcastId, run);
  return run;
}

/** After a browser restart, picks up a conversion the popup was still showing. */
export async function resumeTracking(): Promise<void> {
  const creation = await creationItem.getValue();
  if (creation?.phase === 'converting' && creation.podcastId) await trackPodcast(creation.attemptId, creation.podcastId);
}

/** Follows until the podcast finishes (true) or following it is pointless (false). */
async function follow(attemptId: string, podcastId: string): Promise<boolean> {
  const deadline = Date.now() + TRACK_LIMIT_MS;
  let last = await streamEvents(attemptId, podcastId, deadline);
  while (!last || !isFinished(last)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    const answer = await callServer(`/api/podcasts/${encodeURIComponent(podcastId)}`, { schema: podcastSchema });
    if (!answer.ok) {
      // A podcast that is gone (or a session that ended) will not come back by polling.
      if (answer.error.code !== 'NETWORK_ERROR' && answer.error.code !== 'INTERNAL_ERROR') {
        const { progress = 0, title = '' } = last ?? {};
        const error = answer.error.message;
        await applyEvent(attemptId, { id: podcastId, status: 'failed', progress, title, audioUrl: null, error });
        return false;
      }
      continue;
    }
    const { id, status, progress, title, audioUrl, error } = answer.value;
    last = { id, status, progress, title, audioUrl, error };
    await applyEvent(attemptId, last);
  }
  return true;
}

/** Reads the event stream until the podcast finishes or the stream ends; answers the last event. */
async function streamEvents(attemptId: string, podcastId: string, deadline: number): Promise<PodcastEvent | null> {
  const api = await currentApi();
  if (!api.ok) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadline - Date.now());
  let last: PodcastEvent | null = null;
  try {
    const res = await fetch(`${api.value.serverUrl}/api/podcasts/${encodeURIComponent(podcastId)}/events`, {
      headers: requestHeaders(api.value, { Accept: 'text/event-stream' }),
      signal: controller.signal,
      credentials: 'omit',
    });
    if (!res.ok || !res.body) return null;
    for await (const message of readEventStream(res.body)) {
      if (message.event !== 'podcast' && message.event !== 'message') continue;
      const parsed = podcastEventSchema.safeParse(safeJson(message.data));
      if (!parsed.success) continue;
      last = parsed.data;
      await applyEvent(attemptId, last);
      if (isFinished(last)) break;
    }
  } catch (err) {
    // The stream broke off (server restart, network change): polling takes over.
    if (!(err instanceof Error && err.name === 'AbortError')) console.warn('[pagecast] progress stream ended', err);
  } finally {
    clearTimeout(timer);
  }
  return last;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One step of progress: into the creation the reader follows (if it is still this one) and the list. */
export async function applyEvent(attemptId: string, event: PodcastEvent): Promise<void> {
  const creation = await creationItem.getValue();
  if (creation?.attemptId === attemptId && creation.podcastId === event.id) {
    await creationItem.setValue({
      ...creation,
      phase: event.status === 'ready' ? 'ready' : event.status === 'failed' ? 'failed' : 'converting',
      title: event.title || creation.title,
      status: event.status,
      progress: event.progress,
      audioUrl: event.audioUrl,
      error: event.status === 'failed' ? { code: 'INTERNAL_ERROR', message: event.error || CONTENT_MESSAGES.createFailed } : null,
    });
  }
  const list = await recentPodcastsItem.getValue();
  if (list.some((p) => p.id === event.id)) {
    await recentPodcastsItem.setValue(
      list.map((p) =>
        p.id === event.id
          ? {
              ...p,
              status: event.status,
              progress: event.progress,
              title: event.title || p.title,
              audioUrl: event.audioUrl,
              error: event.error,
            }
          : p,
      ),
    );
  }
}
