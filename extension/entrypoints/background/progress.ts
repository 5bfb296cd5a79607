/**
 * Follows a podcast's conversion on the server with the shared event follower, until the podcast is
 * ready or failed. Each step lands in `creationItem` (for the popup and the toolbar badge), in the
 * cached list and, for the podcast playing, in `playbackItem`. The podcast the reader just asked for
 * starts playing by itself as soon as its first part is made.
 */
import { browser } from 'wxt/browser';
import type { PodcastEvent, PodcastStatus } from '../../../shared/api/podcasts.ts';
import { isApiError, isTransient } from '../../../shared/client/api-error.ts';
import { followPodcast } from '../../../shared/client/follow-podcast.ts';
import { applyPodcastEvent, applyPodcastEventToList } from '../../../shared/podcast/apply-event.ts';
import { CONTENT_MESSAGES } from '../../../shared/errors.ts';
import { clientFor } from '../../api-client.ts';
import { creationItem, recentPodcastsItem, type Creation } from '../../storage.ts';
import { applyEpisodeEvent, startEpisode, type PlayableEpisode } from './playback.ts';
import { listPodcasts } from './podcast-list.ts';
import { currentReader, dropSession } from './server.ts';

/** Give up following a podcast after this long; the list still shows it when it finishes. */
const TRACK_LIMIT_MS = 15 * 60 * 1000;
/** An extension call this often keeps an MV3 service worker alive while it waits on the network. */
const KEEP_ALIVE_MS = 20_000;

/** Podcasts followed right now, so a second request for the same one joins the first. */
const tracking = new Map<string, Promise<void>>();

/** The extension's phase of a podcast the server has. */
export function phaseOf(status: PodcastStatus): Creation['phase'] {
  return status === 'ready' ? 'ready' : status === 'failed' ? 'failed' : 'converting';
}

/**
 * Follows `podcastId` once, whoever asks (the creation, the player, a restart): its events reach
 * the creation about that podcast, whichever following brings them.
 */
export function trackPodcast(podcastId: string): Promise<void> {
  const running = tracking.get(podcastId);
  if (running) return running;
  const keepAlive = setInterval(() => void browser.runtime.getPlatformInfo(), KEEP_ALIVE_MS);
  const run = follow(podcastId)
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
  if (creation?.phase === 'converting' && creation.podcastId) await trackPodcast(creation.podcastId);
}

/** Every following under way has ended (a test's background work is over). */
export async function followsEnded(): Promise<void> {
  while (tracking.size > 0) await Promise.allSettled([...tracking.values()]);
}

/** Follows until the podcast finishes (true) or following it is pointless (false). */
async function follow(podcastId: string): Promise<boolean> {
  const reader = await currentReader();
  if (!reader.ok) return false;
  const client = clientFor(reader.value, (token) => void dropSession(token));
  const signal = AbortSignal.timeout(TRACK_LIMIT_MS);
  let last: PodcastEvent | null = null;
  try {
    await followPodcast(client.podcasts, podcastId, {
      signal,
      onEvent: async (event) => {
        last = event;
        await applyEvent(event);
      },
    });
    return true;
  } catch (err) {
    if (signal.aborted || !isApiError(err) || isTransient(err)) return false;
    // A podcast that is gone (or not this reader's any more) will not come back.
    const gone = { progress: 0, title: '', streamUrl: null, audioSeconds: null, estimatedSeconds: null, durationSeconds: null };
    const { progress, title } = (last as PodcastEvent | null) ?? gone;
    await applyEvent({ ...gone, id: podcastId, status: 'failed', progress, title, audioUrl: null, error: err.message });
    return false;
  }
}

/** One step of progress: into the creation the reader follows (if it is about this podcast), the list and the player. */
export async function applyEvent(event: PodcastEvent): Promise<void> {
  const creation = await creationItem.getValue();
  if (creation?.podcastId === event.id) {
    const merged = applyPodcastEvent(
      {
        id: event.id,
        status: creation.status ?? 'queued',
        progress: creation.progress,
        title: creation.title,
        audioUrl: creation.audioUrl,
        streamUrl: creation.streamUrl ?? null,
        audioSeconds: creation.audioSeconds ?? null,
        estimatedSeconds: creation.estimatedSeconds ?? null,
        durationSeconds: null,
        error: null,
        fallbackReason: creation.fallbackReason ?? null,
      },
      event,
    );
    const { status, progress, title, audioUrl, streamUrl, audioSeconds, estimatedSeconds, fallbackReason } = merged;
    const updated: Creation = {
      ...creation,
      phase: phaseOf(status),
      title,
      status,
      progress,
      audioUrl,
      streamUrl,
      audioSeconds,
      estimatedSeconds,
      fallbackReason,
      error: status === 'failed' ? { code: 'INTERNAL_ERROR', message: event.error || CONTENT_MESSAGES.createFailed } : null,
    };
    const playNow = playsNow(updated, merged);
    await creationItem.setValue(playNow ? { ...updated, autoplayed: true } : updated);
    if (playNow) playNewPodcast(merged);
  }
  const list = await recentPodcastsItem.getValue();
  if (list.some((p) => p.id === event.id)) await recentPodcastsItem.setValue(applyPodcastEventToList(list, event));
  await applyEpisodeEvent(event);
}

/**
 * Whether the podcast the reader just asked for (popup, selection menu or shortcut) starts playing
 * now: once, as soon as there is audio, while the rest is made. Not one that failed before.
 */
export function playsNow(creation: Creation, episode: Pick<PlayableEpisode, 'audioUrl' | 'streamUrl'>): boolean {
  return !creation.autoplayed && creation.podcastId !== null && creation.phase !== 'failed' && (!!episode.streamUrl || !!episode.audioUrl);
}

/** Starts the new podcast without holding up its progress; the popup offers Play if this fails. */
export function playNewPodcast(episode: PlayableEpisode): void {
  startEpisode(episode)
    .then((started) => {
      if (!started.ok) console.warn('[pagecast] the new podcast could not start playing', started.error.message);
    })
    .catch((err: unknown) => console.error('[pagecast] the new podcast could not start playing', err));
}
