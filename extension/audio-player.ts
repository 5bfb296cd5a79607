/**
 * Drives one <audio> element and reports what it does. The offscreen document (Chromium) and the
 * background page (Firefox, which has no offscreen documents) both play through it. A finished
 * episode plays from its file; one still being made plays from its growing stream, attached by the
 * shared `attachEpisode` (hls.js, loaded then by `loadHls`), and keeps playing when it completes.
 * Reports name the address the episode was started on: with hls.js the element's own `src` is a
 * blob: address of its media source. The Media Session shows the title in the system's media controls,
 * whose play, pause and skips (and the keyboard's media keys) act on the element like the popup's.
 */
import { attachEpisode, type AttachedEpisode, type AttachOptions } from '../shared/client/attach-episode.ts';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '../shared/podcast/player-keys.ts';
import type { EpisodeSource } from '../shared/podcast/episode-source.ts';
import type { AudioCommand, AudioReport, AudioStart } from './messaging.ts';
import { fail, ok, type Result } from './result.ts';

/** Position reports while playing: often enough for a smooth seek bar, rare enough to be cheap. */
const REPORT_EVERY_MS = 1000;

export const PLAYBACK_FAILED_MESSAGE = "This podcast's audio could not be played";

export interface AudioPlayer {
  start(request: AudioStart): Promise<Result<null>>;
  control(command: AudioCommand): Promise<Result<null>>;
}

export type LoadHls<ErrorEvent> = AttachOptions<HTMLAudioElement, ErrorEvent>['loadHls'];

export function createAudioPlayer<ErrorEvent>(
  audio: HTMLAudioElement,
  report: (state: AudioReport) => void,
  loadHls: LoadHls<ErrorEvent>,
): AudioPlayer {
  let lastReport = 0;
  let failure: string | null = null;
  let current: { source: EpisodeSource; attached: AttachedEpisode } | null = null;
  /** A place past what the stream player has loaded yet: gone to once its length reaches it. */
  let pendingSeek: number | null = null;

  const send = (status: AudioReport['status']) => {
    if (!current) return;
    lastReport = Date.now();
    report({
      src: current.source.url,
      status,
      position: audio.currentTime,
      duration: Number.isFinite(audio.duration) ? audio.duration : null,
      error: status === 'error' ? failure : null,
    });
  };
  const fault = (message: string) => {
    failure = message;
    send('error');
  };

  audio.addEventListener('playing', () => send('playing'));
  audio.addEventListener('waiting', () => send('loading'));
  audio.addEventListener('pause', () => {
    if (!audio.ended) send('paused');
  });
  audio.addEventListener('ended', () => send('ended'));
  audio.addEventListener('loadedmetadata', () => send(audio.paused ? 'paused' : 'playing'));
  // A growing episode's duration grows with what the player has loaded, and becomes exact at the end.
  audio.addEventListener('durationchange', () => {
    if (pendingSeek !== null && audio.duration >= pendingSeek) {
      audio.currentTime = pendingSeek;
      pendingSeek = null;
    }
    if (audio.readyState > 0) send(audio.paused ? 'paused' : 'playing');
  });
  audio.addEventListener('seeked', () => send(audio.paused ? 'paused' : 'playing'));
  audio.addEventListener('timeupdate', () => {
    if (!audio.paused && Date.now() - lastReport >= REPORT_EVERY_MS) send('playing');
  });
  audio.addEventListener('error', () => fault(PLAYBACK_FAILED_MESSAGE));
  const session = mediaSession(audio);

  /** The speed survives a new source (loading resets playbackRate to defaultPlaybackRate); pitch is kept. */
  function setRate(rate: number) {
    audio.preservesPitch = true;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }

  function stop() {
    pendingSeek = null;
    audio.pause();
    current?.attached.detach();
    current = null;
    session.clear();
  }

  return {
    async start({ src, kind, position, rate = 1, title, artwork }) {
      failure = null;
      pendingSeek = null;
      setRate(rate);
      if (current?.source.url !== src) {
        stop();
        const source: EpisodeSource = { kind, url: src };
        current = { source, attached: attachEpisode(audio, source, { loadHls, startAt: position, onError: fault }) };
        try {
          await current.attached.ready;
        } catch (err) {
          const message = err instanceof Error ? err.message : PLAYBACK_FAILED_MESSAGE;
          fault(message);
          stop();
          return fail('PLAYBACK_FAILED', message);
        }
      }
      if (title) session.show(title, artwork);
      if (Math.abs(audio.currentTime - position) > 0.5) audio.currentTime = position;
      try {
        await audio.play();
        return ok(null);
      } catch (err) {
        console.error('[pagecast] playback failed', err);
        fault(PLAYBACK_FAILED_MESSAGE);
        return fail('PLAYBACK_FAILED', PLAYBACK_FAILED_MESSAGE);
      }
    },
    async control(command) {
      switch (command.action) {
        case 'pause':
          audio.pause();
          break;
        case 'seek': {
          // The element stops at the end of what it has: a complete episode's stream may not have
          // loaded its last part yet, so the place is kept until it has.
          const position = Math.max(0, command.position);
          pendingSeek = Number.isFinite(audio.duration) && position > audio.duration ? position : null;
          audio.currentTime = position;
          break;
        }
        case 'rate':
          setRate(command.rate);
          break;
        case 'stop':
          stop();
          break;
      }
      return ok(null);
    },
  };
}

/**
 * The system's media controls for the element: the title and picture shown, and their actions played
 * on the element (whose events report them). Does nothing where the browser has no Media Session.
 */
function mediaSession(audio: HTMLAudioElement) {
  const session = typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
  const seekTo = (seconds: number) => {
    const end = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY;
    audio.currentTime = Math.min(Math.max(0, seconds), end);
  };
  const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void audio.play().catch(() => undefined)],
    ['pause', () => audio.pause()],
    ['seekbackward', (d) => seekTo(audio.currentTime - (d.seekOffset ?? SKIP_BACK_SECONDS))],
    ['seekforward', (d) => seekTo(audio.currentTime + (d.seekOffset ?? SKIP_FORWARD_SECONDS))],
    ['seekto', (d) => d.seekTime !== undefined && seekTo(d.seekTime)],
  ];
  if (session) {
    for (const [action, handler] of actions) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    // Once stopped (no title shown), the controls stay cleared: stopping pauses the element too.
    audio.addEventListener('play', () => session.metadata && (session.playbackState = 'playing'));
    audio.addEventListener('pause', () => session.metadata && (session.playbackState = 'paused'));
  }
  return {
    show(title: string, artwork: string | undefined) {
      if (!session || typeof MediaMetadata === 'undefined') return;
      session.metadata = new MediaMetadata({ title, artist: 'Pagecast', album: 'Pagecast', artwork: artwork ? [{ src: artwork }] : [] });
    },
    clear() {
      if (!session) return;
      session.metadata = null;
      session.playbackState = 'none';
    },
  };
}
