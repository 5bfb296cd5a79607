/**
 * The Media Session of the player that plays: its title (and chapter) and cover on the lock screen
 * and in the system's media controls, and play, pause, seek and skip from there and from media keys.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '../../../../../shared/podcast/player-keys.ts';

interface MediaSessionOptions {
  title: string;
  chapter: string | null;
  image: string | undefined;
  seekBy: (seconds: number) => void;
  seekTo: (seconds: number) => void;
  previousTrack: () => void;
  /** Null: no next track to offer. */
  nextTrack: (() => void) | null;
}

export function useMediaSession(audio: RefObject<HTMLAudioElement | null>, playing: boolean, options: MediaSessionOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const { title, chapter, image } = options;
  const hasNext = options.nextTrack !== null;

  useEffect(() => {
    if (!playing || typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    if (typeof MediaMetadata !== 'undefined') {
      const artwork = image ? [{ src: new URL(image, location.href).href }] : [];
      session.metadata = new MediaMetadata({ title, artist: chapter ?? 'Pagecast', album: 'Pagecast', artwork });
    }
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => void audio.current?.play().catch(() => undefined)],
      ['pause', () => audio.current?.pause()],
      ['seekbackward', (d) => latest.current.seekBy(-(d.seekOffset ?? SKIP_BACK_SECONDS))],
      ['seekforward', (d) => latest.current.seekBy(d.seekOffset ?? SKIP_FORWARD_SECONDS)],
      ['seekto', (d) => d.seekTime !== undefined && latest.current.seekTo(d.seekTime)],
      ['previoustrack', () => latest.current.previousTrack()],
      ['nexttrack', hasNext ? () => latest.current.nextTrack?.() : null],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    session.playbackState = 'playing';
    return () => {
      session.playbackState = 'paused';
    };
  }, [audio, playing, title, chapter, image, hasNext]);

  // Where it is and how fast, for the lock screen's progress bar.
  useEffect(() => {
    const el = audio.current;
    if (!el || !playing || !('mediaSession' in navigator) || !navigator.mediaSession.setPositionState) return;
    const update = () => {
      if (!Number.isFinite(el.duration) || el.duration <= 0) return;
      try {
        navigator.mediaSession.setPositionState({ duration: el.duration, position: Math.min(el.currentTime, el.duration), playbackRate: el.playbackRate });
      } catch {
        // A position the browser refuses (a stream whose length is still growing).
      }
    };
    update();
    el.addEventListener('ratechange', update);
    el.addEventListener('seeked', update);
    el.addEventListener('durationchange', update);
    return () => {
      el.removeEventListener('ratechange', update);
      el.removeEventListener('seeked', update);
      el.removeEventListener('durationchange', update);
    };
  }, [audio, playing]);
}
