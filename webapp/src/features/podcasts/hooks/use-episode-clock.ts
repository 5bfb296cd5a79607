/**
 * Where the listener is in an episode and how far they may go: the position, the length to show and,
 * while the episode grows, the part made. A seek stops at the made part's end; a seek past the part of
 * a stream the element knows yet waits until it knows that far (the browser would stop it short).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';
import { clampToMade, estimatedLength, type GrowingEpisode } from '../../../../../shared/podcast/growing-episode.ts';

interface ClockOptions {
  source: EpisodeSource;
  growing: GrowingEpisode | null;
  /** The server's figure, shown until the browser has read the file's own. */
  durationHint: number | null | undefined;
}

export function useEpisodeClock(audioRef: RefObject<HTMLAudioElement | null>, { source, growing, durationHint }: ClockOptions) {
  /** A seek past the part of a stream the element knows yet, made once it knows that far. */
  const pendingSeek = useRef<number | null>(null);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(Number.NaN);

  const known = Number.isFinite(mediaDuration) && mediaDuration > 0 ? mediaDuration : 0;
  // While the episode grows the element's duration is the part it has loaded, the server's figure the
  // part made: the larger is what exists. A completed stream's duration catches up with the server's.
  const made = growing ? { ...growing, madeSeconds: Math.max(growing.madeSeconds, known) } : null;
  let duration: number;
  if (made) duration = estimatedLength(made);
  else if (source.kind === 'stream') duration = Math.max(known, durationHint ?? 0);
  else duration = known || (durationHint ?? 0);

  function seek(seconds: number) {
    const el = audioRef.current;
    if (!el) return;
    // Within what is made: the rest does not exist yet.
    const target = made ? clampToMade(seconds, made.madeSeconds) : seconds;
    // A stream's element knows only the length of the playlist it last read; the browser would stop a
    // later seek at that length, so the seek waits until the element knows more (the episode exists there).
    if (source.kind === 'stream' && Number.isFinite(el.duration) && target > el.duration) {
      pendingSeek.current = target;
    } else {
      pendingSeek.current = null;
      el.currentTime = target;
    }
    setCurrent(target);
  }

  // Another episode drops a seek still waiting in the last one.
  useEffect(() => {
    pendingSeek.current = null;
  }, [source]);

  return {
    current,
    duration,
    made,
    seek,
    /** Where the listener is: a seek still waiting counts as made. */
    position: () => pendingSeek.current ?? audioRef.current?.currentTime ?? 0,
    /** The element read its length (its metadata). */
    knowDuration: (el: HTMLAudioElement) => setMediaDuration(el.duration),
    /** The element's clock moved; false while a seek waits (its clock is not the listener's). */
    timeUpdated(el: HTMLAudioElement): boolean {
      if (pendingSeek.current !== null) return false;
      setCurrent(el.currentTime);
      return true;
    },
    /** The element knows more of the stream: a waiting seek is made once it knows that far. */
    durationChanged(el: HTMLAudioElement) {
      setMediaDuration(el.duration);
      const waitingFor = pendingSeek.current;
      if (waitingFor !== null && el.duration >= waitingFor) {
        pendingSeek.current = null;
        el.currentTime = waitingFor;
      }
    },
  };
}
