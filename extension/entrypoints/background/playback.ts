/**
 * Listening: starts a podcast in the audio host, passes the popup's controls on, and mirrors the
 * player's reports into `playbackItem` so any popup shows what is playing. A podcast still being made
 * plays from its growing stream; its progress events keep what is made and the estimated length
 * current here, and the same stream plays on when the episode completes.
 */
import { browser } from 'wxt/browser';
import type { Podcast, PodcastEvent } from '../../../shared/api/podcasts.ts';
import type { Chapter } from '../../../shared/api/transcript.ts';
import { isFinished } from '../../../shared/podcast/apply-event.ts';
import { episodeSource } from '../../../shared/podcast/episode-source.ts';
import { clampToMade, type GrowingEpisode } from '../../../shared/podcast/growing-episode.ts';
import { startPosition } from '../../../shared/podcast/resume-point.ts';
import type { AudioReport, PlaybackCommand } from '../../messaging.ts';
import { currentPosition, playableEnd } from '../../player-clock.ts';
import { fail, ok, type Result } from '../../result.ts';
import { resolveServerPath } from '../../server-address.ts';
import { playbackItem, recentPodcastsItem, serverUrlItem, type Playback } from '../../storage.ts';
import { PLAYBACK_UNAVAILABLE_MESSAGE, createAudioHost, type AudioHost } from './audio-host.ts';
import { callServer } from './server.ts';
import { restartPositionSync, syncPosition } from './position-sync.ts';
import { isPlaybackRate } from '../../../shared/podcast/playback-rate.ts';
import { INVALID_RATE_MESSAGE, preferredRate, saveRate } from './speed.ts';

export const AUDIO_NOT_READY_MESSAGE = 'Nothing of this podcast is recorded yet: it can play as soon as its first part is made';

/** What starting an episode needs of a podcast (a full podcast, or a progress event and a title). */
export type PlayableEpisode = Pick<
  Podcast,
  'id' | 'title' | 'status' | 'audioUrl' | 'streamUrl' | 'audioSeconds' | 'estimatedSeconds' | 'durationSeconds'
> &
  Partial<Pick<Podcast, 'positionSeconds'>>;

let host: AudioHost | null | undefined;
const audioHost = () => (host === undefined ? (host = createAudioHost(applyAudioReport)) : host);

const unavailable = <T>() =>
  fail<T>('PLAYBACK_UNAVAILABLE', PLAYBACK_UNAVAILABLE_MESSAGE, 'The podcast plays in this window instead.');

/** Playback is changed one step at a time: reports, controls and events never overwrite each other. */
let pending: Promise<unknown> = Promise.resolve();
function changePlayback(change: (playback: Playback | null) => Playback | null | undefined): Promise<Playback | null> {
  const step = pending.then(async () => {
    const playback = await playbackItem.getValue();
    const next = change(playback);
    if (next === undefined) return playback;
    await playbackItem.setValue(next);
    return next;
  });
  pending = step.catch(() => undefined);
  return step;
}

/** The episode while it is made, as an event or a podcast tells it; null once complete. */
function growingOf(episode: Pick<PlayableEpisode, 'status' | 'audioSeconds' | 'estimatedSeconds'>, kind: Playback['kind']): GrowingEpisode | null {
  if (kind !== 'stream' || isFinished(episode.status)) return null;
  return { madeSeconds: episode.audioSeconds ?? 0, estimatedSeconds: episode.estimatedSeconds };
}

/** What the system's media controls show for an episode: its title and the extension's icon. */
function shownAs(playback: Playback) {
  return { title: playback.title, artwork: browser.runtime.getURL('/icon/128.png') };
}

export async function playPodcast({ podcastId }: { podcastId: string }): Promise<Result<Playback>> {
  // A fresh copy carries freshly signed addresses; the cached one serves when offline.
  const fresh = await callServer((client) => client.podcasts.get(podcastId));
  const podcast = fresh.ok ? fresh.value : (await recentPodcastsItem.getValue()).find((p) => p.id === podcastId);
  if (!podcast) return fresh.ok ? fail('NOT_FOUND', 'Podcast not found') : (fresh as Result<never>);
  return startEpisode(podcast);
}

/**
 * Plays an episode: the one the player already holds goes on from its clock (and from the same
 * source, so a stream that completed meanwhile plays on); another starts where the resume rule says,
 * within what is made.
 */
export async function startEpisode(podcast: PlayableEpisode): Promise<Result<Playback>> {
  const serverUrl = await serverUrlItem.getValue();
  const resolve = (path: string | null) => (path ? resolveServerPath(serverUrl, path) : null);
  const previous = await playbackItem.getValue();
  const same = previous?.podcastId === podcast.id && previous.status !== 'ended' ? previous : null;
  const source = episodeSource(
    { audioUrl: resolve(podcast.audioUrl), streamUrl: resolve(podcast.streamUrl), status: podcast.status, audioSeconds: podcast.audioSeconds },
    same ? { kind: same.kind ?? 'file', url: same.src } : null,
    // Asked to play: a new podcast's stream is taken before its first part is made.
    { playNow: true },
  );
  if (!source) return fail('AUDIO_NOT_READY', AUDIO_NOT_READY_MESSAGE);

  const growing = growingOf(podcast, source.kind);
  const duration = podcast.durationSeconds ?? null;
  const resumeAt = same ? currentPosition(same) : startPosition(podcast.positionSeconds, duration ?? podcast.estimatedSeconds);
  const rate = await preferredRate();
  const playback: Playback = {
    podcastId: podcast.id,
    title: podcast.title,
    src: source.url,
    kind: source.kind,
    status: 'loading',
    position: growing ? clampToMade(resumeAt, playableEnd({ duration: same?.duration ?? null, growing }) ?? 0) : resumeAt,
    duration: same?.src === source.url ? same.duration : duration,
    growing,
    unfinished: source.kind === 'stream' && podcast.status === 'failed',
    error: null,
    updatedAt: Date.now(),
    rate,
    ...(same?.chapters ? { chapters: same.chapters } : {}),
  };
  const player = audioHost();
  if (!player) return unavailable();
  await changePlayback(() => playback);
  restartPositionSync();
  const started = await player.start({ src: playback.src, kind: source.kind, position: playback.position, rate, ...shownAs(playback) });
  if (!started.ok) {
    await changePlayback((now) => (now?.src === playback.src ? { ...now, status: 'error', error: started.error.message } : undefined));
    return started;
  }
  return ok((await playbackItem.getValue()) ?? playback);
}

export async function controlPlayback(command: PlaybackCommand): Promise<Result<Playback | null>> {
  const playback = await playbackItem.getValue();
  if (command.action === 'stop') {
    await stopPlayback();
    return ok(null);
  }
  if (!playback) return ok(null);
  const player = audioHost();
  if (!player) return unavailable();
  const now = Date.now();
  const kind = playback.kind ?? 'file';
  switch (command.action) {
    case 'pause': {
      const position = currentPosition(playback, now);
      await changePlayback((p) => p && { ...p, status: 'paused', position, updatedAt: now });
      const paused = await player.control({ action: 'pause' });
      if (!paused.ok) return paused;
      void syncPosition({ podcastId: playback.podcastId, position }, true);
      break;
    }
    case 'resume': {
      const position = playback.status === 'ended' ? 0 : currentPosition(playback, now);
      await changePlayback((p) => p && { ...p, status: 'loading', position, error: null, updatedAt: now });
      const resumed = await player.start({ src: playback.src, kind, position, rate: playback.rate ?? 1, ...shownAs(playback) });
      if (!resumed.ok) {
        await changePlayback((p) => p && { ...p, status: 'error', error: resumed.error.message });
        return resumed;
      }
      break;
    }
    case 'seek': {
      // Never past the end, nor, while the episode is made, past what exists.
      const end = playableEnd(playback) ?? Number.POSITIVE_INFINITY;
      const position = Math.min(Math.max(0, command.position), end);
      const status = playback.status === 'ended' && position < end ? 'paused' : playback.status;
      await changePlayback((p) => p && { ...p, status, position, updatedAt: now });
      const sought = await player.control({ action: 'seek', position });
      if (!sought.ok) return sought;
      break;
    }
    case 'rate': {
      if (!isPlaybackRate(command.rate)) return fail('VALIDATION_ERROR', INVALID_RATE_MESSAGE);
      const changed = await applyRate(command.rate);
      if (!changed.ok) return changed;
      const saved = await saveRate(command.rate);
      if (!saved.ok) return saved;
      break;
    }
  }
  return ok(await playbackItem.getValue());
}

/** The chapters of the episode playing, once its transcript is read. */
export async function setChapters(podcastId: string, chapters: Chapter[]): Promise<void> {
  await changePlayback((p) => {
    if (!p || p.podcastId !== podcastId || JSON.stringify(p.chapters ?? []) === JSON.stringify(chapters)) return undefined;
    return { ...p, chapters };
  });
}

/** Plays on at `rate` (pitch kept), from where the clock is now. */
export async function applyRate(rate: number): Promise<Result<null>> {
  const playback = await playbackItem.getValue();
  if (!playback || (playback.rate ?? 1) === rate) return ok(null);
  const player = audioHost();
  if (!player) return unavailable();
  const now = Date.now();
  await changePlayback((p) => p && { ...p, rate, position: currentPosition(p, now), updatedAt: now });
  return player.control({ action: 'rate', rate });
}

/** Stops the audio and forgets it (sign-out, the popup's close button). */
export async function stopPlayback(): Promise<void> {
  await changePlayback(() => null);
  const player = audioHost();
  if (!player) return;
  try {
    await player.control({ action: 'stop' });
    await player.close();
  } catch (err) {
    // Signing out or changing servers must not fail because the player could not be reached.
    console.error('[pagecast] stopping the player failed', err);
  }
}

/** The player's report, applied when it is about the episode we think is playing. */
export async function applyAudioReport(report: AudioReport): Promise<void> {
  let before: Playback['status'] | null = null;
  const applied = await changePlayback((playback) => {
    if (!playback || playback.src !== report.src) return undefined;
    before = playback.status;
    return {
      ...playback,
      status: report.status,
      position: report.position,
      // A complete episode's exact length (from its ready event) outlasts a stream player's figure
      // for the part it has loaded so far.
      duration: !playback.growing && playback.duration !== null && report.duration !== null ? Math.max(report.duration, playback.duration) : (report.duration ?? playback.duration),
      error: report.error,
      updatedAt: Date.now(),
    };
  });
  if (!applied || before === null) return;
  const at = { podcastId: applied.podcastId, position: report.position };
  if (report.status === 'playing') void syncPosition(at, false);
  else if ((report.status === 'paused' || report.status === 'ended') && report.status !== before) void syncPosition(at, true);
}

/** A progress event of the podcast playing: what is made, the estimated length, and its end. */
export async function applyEpisodeEvent(event: PodcastEvent): Promise<void> {
  await changePlayback((playback) => {
    if (!playback || playback.podcastId !== event.id) return undefined;
    const kind = playback.kind ?? 'file';
    return {
      ...playback,
      growing: growingOf(event, kind),
      unfinished: kind === 'stream' && event.status === 'failed',
      // The exact length once ready; until then the player's own figure for the part it has.
      duration: event.durationSeconds ?? playback.duration,
    };
  });
}
