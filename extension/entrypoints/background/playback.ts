/**
 * Listening: starts a podcast in the audio host, passes the popup's controls on, and mirrors the
 * player's reports into `playbackItem` so any popup shows what is playing.
 */
import { startPosition } from '../../../shared/podcast/resume-point.ts';
import type { AudioReport, PlaybackCommand } from '../../messaging.ts';
import { currentPosition } from '../../player-clock.ts';
import { fail, ok, type Result } from '../../result.ts';
import { resolveServerPath } from '../../server-address.ts';
import { playbackItem, recentPodcastsItem, serverUrlItem, type Playback } from '../../storage.ts';
import { PLAYBACK_UNAVAILABLE_MESSAGE, createAudioHost, type AudioHost } from './audio-host.ts';
import { callServer } from './server.ts';
import { restartPositionSync, syncPosition } from './position-sync.ts';

export const AUDIO_NOT_READY_MESSAGE = 'This podcast is still being made: it can play once its audio is ready';

let host: AudioHost | null | undefined;
const audioHost = () => (host === undefined ? (host = createAudioHost(applyAudioReport)) : host);

const unavailable = <T>() =>
  fail<T>('PLAYBACK_UNAVAILABLE', PLAYBACK_UNAVAILABLE_MESSAGE, 'The podcast plays in this window instead.');

export async function playPodcast({ podcastId }: { podcastId: string }): Promise<Result<Playback>> {
  // A fresh copy carries a freshly signed audio address; the cached one serves when offline.
  const fresh = await callServer((client) => client.podcasts.get(podcastId));
  const podcast = fresh.ok ? fresh.value : (await recentPodcastsItem.getValue()).find((p) => p.id === podcastId);
  if (!podcast) return fresh.ok ? fail('NOT_FOUND', 'Podcast not found') : (fresh as Result<never>);
  if (!podcast.audioUrl) return fail('AUDIO_NOT_READY', AUDIO_NOT_READY_MESSAGE);

  const serverUrl = await serverUrlItem.getValue();
  const previous = await playbackItem.getValue();
  // The episode this player already holds goes on from its clock; another starts where the resume
  // rule says (its saved position, or the beginning when that was the start or the end).
  const resumeAt =
    previous?.podcastId === podcastId && previous.status !== 'ended'
      ? currentPosition(previous)
      : startPosition(podcast.positionSeconds, podcast.durationSeconds);
  const playback: Playback = {
    podcastId,
    title: podcast.title,
    src: resolveServerPath(serverUrl, podcast.audioUrl),
    status: 'loading',
    position: resumeAt,
    duration: podcast.durationSeconds,
    error: null,
    updatedAt: Date.now(),
  };
  const player = audioHost();
  if (!player) return unavailable();
  await playbackItem.setValue(playback);
  restartPositionSync();
  const started = await player.start({ src: playback.src, position: playback.position });
  if (!started.ok) {
    await playbackItem.setValue({ ...playback, status: 'error', error: started.error.message });
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
  switch (command.action) {
    case 'pause': {
      const position = currentPosition(playback, now);
      await playbackItem.setValue({ ...playback, status: 'paused', position, updatedAt: now });
      const paused = await player.control({ action: 'pause' });
      if (!paused.ok) return paused;
      void syncPosition({ podcastId: playback.podcastId, position }, true);
      break;
    }
    case 'resume': {
      const position = playback.status === 'ended' ? 0 : currentPosition(playback, now);
      await playbackItem.setValue({ ...playback, status: 'loading', position, error: null, updatedAt: now });
      const resumed = await player.start({ src: playback.src, position });
      if (!resumed.ok) {
        await playbackItem.setValue({ ...playback, status: 'error', error: resumed.error.message });
        return resumed;
      }
      break;
    }
    case 'seek': {
      const end = playback.duration ?? Number.POSITIVE_INFINITY;
      const position = Math.min(Math.max(0, command.position), end);
      const status = playback.status === 'ended' && position < end ? 'paused' : playback.status;
      await playbackItem.setValue({ ...playback, status, position, updatedAt: now });
      const sought = await player.control({ action: 'seek', position });
      if (!sought.ok) return sought;
      break;
    }
  }
  return ok(await playbackItem.getValue());
}

/** Stops the audio and forgets it (sign-out, the popup's close button). */
export async function stopPlayback(): Promise<void> {
  await playbackItem.setValue(null);
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
  const playback = await playbackItem.getValue();
  if (!playback || playback.src !== report.src) return;
  const at = { podcastId: playback.podcastId, position: report.position };
  if (report.status === 'playing') void syncPosition(at, false);
  else if ((report.status === 'paused' || report.status === 'ended') && report.status !== playback.status) void syncPosition(at, true);
  await playbackItem.setValue({
    ...playback,
    status: report.status,
    position: report.position,
    duration: report.duration ?? playback.duration,
    error: report.error,
    updatedAt: Date.now(),
  });
}
