/**
 * Drives one <audio> element and reports what it does. The offscreen document (Chromium) and the
 * background page (Firefox, which has no offscreen documents) both play through it.
 */
import type { AudioCommand, AudioReport, AudioStart } from './messaging.ts';
import { fail, ok, type Result } from './result.ts';

/** Position reports while playing: often enough for a smooth seek bar, rare enough to be cheap. */
const REPORT_EVERY_MS = 1000;

export const PLAYBACK_FAILED_MESSAGE = "This podcast's audio could not be played";

export interface AudioPlayer {
  start(request: AudioStart): Promise<Result<null>>;
  control(command: AudioCommand): Promise<Result<null>>;
}

export function createAudioPlayer(audio: HTMLAudioElement, report: (state: AudioReport) => void): AudioPlayer {
  let lastReport = 0;
  let failure: string | null = null;

  const send = (status: AudioReport['status']) => {
    if (!audio.src) return;
    lastReport = Date.now();
    report({
      src: audio.src,
      status,
      position: audio.currentTime,
      duration: Number.isFinite(audio.duration) ? audio.duration : null,
      error: status === 'error' ? failure : null,
    });
  };

  audio.addEventListener('playing', () => send('playing'));
  audio.addEventListener('waiting', () => send('loading'));
  audio.addEventListener('pause', () => {
    if (!audio.ended) send('paused');
  });
  audio.addEventListener('ended', () => send('ended'));
  audio.addEventListener('loadedmetadata', () => send(audio.paused ? 'paused' : 'playing'));
  audio.addEventListener('seeked', () => send(audio.paused ? 'paused' : 'playing'));
  audio.addEventListener('timeupdate', () => {
    if (!audio.paused && Date.now() - lastReport >= REPORT_EVERY_MS) send('playing');
  });
  audio.addEventListener('error', () => {
    failure = PLAYBACK_FAILED_MESSAGE;
    send('error');
  });

  return {
    async start({ src, position }) {
      failure = null;
      if (audio.src !== src) {
        audio.src = src;
        audio.load();
      }
      if (Math.abs(audio.currentTime - position) > 0.5) audio.currentTime = position;
      try {
        await audio.play();
        return ok(null);
      } catch (err) {
        console.error('[pagecast] playback failed', err);
        failure = PLAYBACK_FAILED_MESSAGE;
        send('error');
        return fail('PLAYBACK_FAILED', PLAYBACK_FAILED_MESSAGE);
      }
    },
    async control(command) {
      switch (command.action) {
        case 'pause':
          audio.pause();
          break;
        case 'seek':
          audio.currentTime = Math.max(0, command.position);
          break;
        case 'stop':
          audio.pause();
          audio.removeAttribute('src');
          audio.load();
          break;
      }
      return ok(null);
    },
  };
}
