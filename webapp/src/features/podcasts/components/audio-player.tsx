/**
 * The podcast player: play/pause, a seek slider, elapsed and total time as m:ss, a mute
 * toggle and a volume slider from 0 to 1 in steps of 0.1. The <audio> element is the state; the
 * controls mirror its events. Native buttons and range inputs make every control keyboard usable.
 * Starting one player pauses any other on the page. Its owner may read the clock and seek through
 * `ref` (bookmarks, resume) and follow the position through the callbacks (saving it).
 *
 * It plays a finished episode's file or an episode still being made (its growing stream, attached
 * by the shared `attachEpisode`, which loads hls.js only then). While the episode grows the seek bar
 * spans its estimated length, shows the part made so far as a band and in words ('2:10 made of about
 * 9:40'), and seeks stop at the made part's end; the same stream plays on when the episode completes.
 *
 * Also: skip back 15 s and forward 30 s, the speed (0.5× to 3×, pitch kept), the chapters with
 * previous and next and the current one's name, the keyboard shortcuts (listed in a help tooltip),
 * the Media Session (lock screen and media keys), and a live region that says what a control did.
 */
import { Fragment, useEffect, useId, useImperativeHandle, useRef, useState, type CSSProperties, type Ref } from 'react';
import { ChevronLeft, ChevronRight, Keyboard, Pause, Play, RotateCcw, RotateCw, Volume2, VolumeX } from 'lucide-react';
import type { Chapter } from '../../../../../shared/api/transcript.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { attachEpisode } from '../../../../../shared/client/attach-episode.ts';
import { PLAYBACK_RATES, VOLUME } from '../../../../../shared/constants.ts';
import { formatDuration, formatTime } from '../../../../../shared/format-time.ts';
import type { EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';
import {
  clampToMade,
  estimatedLength,
  growingPositionText,
  madeSoFarLabel,
  type GrowingEpisode,
} from '../../../../../shared/podcast/growing-episode.ts';
import { formatPlaybackRate, stepPlaybackRate, type PlaybackRate } from '../../../../../shared/podcast/playback-rate.ts';
import { PLAYER_SHORTCUTS, PLAYER_SHORTCUTS_TEXT, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS, type PlayerAction } from '../../../../../shared/podcast/player-keys.ts';
import { currentChapterIndex, nextChapterStart, previousChapterStart } from '../../../../../shared/podcast/read-along.ts';
import { loadHls } from '../../../lib/load-hls.ts';
import { usePlayerKeys } from '../hooks/use-player-keys.ts';
import { useMediaSession } from '../hooks/use-media-session.ts';

interface AudioPlayerProps {
  /** What plays; fixed for the player's life (its owner keys the player by it). */
  source: EpisodeSource;
  /** What is playing, for the controls' accessible names. */
  title: string;
  /** The server's figure, shown until the browser has read the file's own. */
  durationHint?: number | null;
  /** The episode while it is still being made; null (or absent) once it is complete. */
  growing?: GrowingEpisode | null;
  /** Start playing as soon as there is audio (new audio the member just asked for). */
  autoPlay?: boolean;
  /** Where to start, once there is audio (playing on from another screen). */
  startAt?: number | null;
  ref?: Ref<AudioPlayerHandle>;
  onPlay?: () => void;
  /** The clock moved: playing, or a seek. */
  onTimeUpdate?: (seconds: number) => void;
  onPause?: (seconds: number) => void;
  /** The episode played to its end. */
  onEnded?: () => void;
  /** The speed to play at, and a change the listener asked for. */
  playbackRate?: PlaybackRate;
  onPlaybackRateChange?: (rate: PlaybackRate) => void;
  /** The episode's chapters, in order (none: no chapter controls). */
  chapters?: readonly Chapter[];
  /** The cover shown on the lock screen. */
  image?: string;
  /** "Next track" from the lock screen or media keys after the last chapter (the queue's next). */
  onNextTrack?: () => void;
}

export interface AudioPlayerHandle {
  currentTime: () => number;
  seek: (seconds: number) => void;
  play: () => void;
}

const rangeClass =
  'h-1.5 cursor-pointer appearance-none rounded-full bg-slate-200 accent-brand-600 ' +
  '[&::-webkit-slider-thumb]:h-4 [&::-webkit-slider-thumb]:w-4 [&::-webkit-slider-thumb]:appearance-none ' +
  '[&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-brand-600 [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:rounded-full ' +
  '[&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-brand-600';

const percent = (fraction: number) => Math.min(100, Math.max(0, fraction * 100));

/**
 * The filled part of a range track, drawn as a background so it matches in every browser; `made`
 * adds a lighter band up to the end of what exists of a growing episode.
 */
function fill(fraction: number, made = fraction): CSSProperties {
  const played = percent(fraction);
  const available = Math.max(played, percent(made));
  // Between the played part and the empty track in tone, so the three read apart.
  const band = 'var(--color-brand-300, #a5b4fc)';
  return {
    background:
      `linear-gradient(to right, var(--color-brand-600) ${played}%, ${band} ${played}%, ${band} ${available}%, ` +
      `var(--color-slate-200) ${available}%)`,
  };
}

export function AudioPlayer({
  source,
  title,
  durationHint,
  growing = null,
  autoPlay = false,
  startAt = null,
  ref,
  onPlay,
  onTimeUpdate,
  onPause,
  onEnded,
  playbackRate = 1,
  onPlaybackRateChange,
  chapters = NO_CHAPTERS,
  image,
  onNextTrack,
}: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  /** What the last control did, for screen readers. */
  const [announcement, setAnnouncement] = useState('');
  const shortcutsId = useId();

  const known = Number.isFinite(mediaDuration) && mediaDuration > 0 ? mediaDuration : 0;
  // While the episode grows the element's duration is the part it has loaded, the server's figure the
  // part made: the larger is what exists. A completed stream's duration catches up with the server's.
  const made = growing ? { ...growing, madeSeconds: Math.max(growing.madeSeconds, known) } : null;
  let duration: number;
  if (made) duration = estimatedLength(made);
  else if (source.kind === 'stream') duration = Math.max(known, durationHint ?? 0);
  else duration = known || (durationHint ?? 0);

  useEffect(() => {
    const onOtherPlay = (event: Event) => {
      if (event.target !== audioRef.current && event.target instanceof HTMLMediaElement) audioRef.current?.pause();
    };
    document.addEventListener('play', onOtherPlay, true);
    return () => document.removeEventListener('play', onOtherPlay, true);
  }, []);

  const audio = () => audioRef.current;

  function play() {
    audio()
      ?.play()
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        toast.error('The audio could not be played');
      });
  }

  function togglePlay() {
    const el = audio();
    if (!el) return;
    if (el.paused) play();
    else el.pause();
  }

  function seek(seconds: number) {
    const el = audio();
    if (!el) return;
    // Within what is made: the rest does not exist yet.
    const target = made ? clampToMade(seconds, made.madeSeconds) : seconds;
    el.currentTime = target;
    setCurrent(target);
  }

  useImperativeHandle(ref, () => ({ currentTime: () => audio()?.currentTime ?? 0, seek, play }));

  function seekBy(seconds: number) {
    const el = audio();
    if (!el) return;
    const end = made ? made.madeSeconds : duration || el.duration || 0;
    const target = Math.max(0, Math.min(el.currentTime + seconds, end || el.currentTime + Math.max(seconds, 0)));
    seek(target);
    setAnnouncement(`${seconds < 0 ? 'Back' : 'Forward'} ${Math.abs(seconds)} seconds, at ${formatTime(target)}`);
  }

  function changeRate(rate: PlaybackRate) {
    const el = audio();
    if (el) applyRate(el, rate);
    onPlaybackRateChange?.(rate);
    setAnnouncement(`Speed ${formatPlaybackRate(rate)}`);
  }

  const chapterIndex = currentChapterIndex(chapters, current);
  const chapter = chapterIndex >= 0 ? chapters[chapterIndex]! : null;
  function goToChapter(direction: -1 | 1) {
    const el = audio();
    if (!el) return;
    const target = direction < 0 ? previousChapterStart(chapters, el.currentTime) : nextChapterStart(chapters, el.currentTime);
    if (target === null) {
      if (direction > 0) onNextTrack?.();
      return;
    }
    seek(target);
    const to = chapters[currentChapterIndex(chapters, target)];
    if (to) setAnnouncement(`Chapter: ${to.title}`);
  }

  function act(action: PlayerAction) {
    if (action.kind === 'toggle') togglePlay();
    else if (action.kind === 'seekBy') seekBy(action.seconds);
    else changeRate(stepPlaybackRate(playbackRate, action.direction));
  }
  const keys = usePlayerKeys(act);

  useMediaSession(audioRef, playing, {
    title,
    chapter: chapter?.title ?? null,
    image,
    seekBy,
    seekTo: seek,
    previousTrack: () => goToChapter(-1),
    nextTrack: chapters.length > 0 || onNextTrack ? () => goToChapter(1) : null,
  });

  // The speed the listener chose, pitch kept, on this element whatever it plays.
  useEffect(() => {
    const el = audio();
    if (el) applyRate(el, playbackRate);
  }, [playbackRate]);

  // The source goes on the element once, for the player's life: a growing stream plays on through
  // its completion without being touched again.
  useEffect(() => {
    const el = audio();
    if (!el) return;
    let active = true;
    const attached = attachEpisode(el, source, { loadHls, onError: (message) => toast.error(message) });
    attached.ready.then(
      () => {
        if (!active) return;
        if (startAt !== null) el.currentTime = startAt;
        if (autoPlay) play();
      },
      (err: unknown) => {
        if (active) toast.error(err instanceof Error ? err.message : 'The audio could not be played');
      },
    );
    return () => {
      active = false;
      attached.detach();
    };
    // Only when the player (its audio) is new.
  }, []);

  function changeVolume(value: number) {
    const el = audio();
    if (!el) return;
    el.volume = value;
    el.muted = value === 0;
    // The element reports the change a moment later; a controlled slider must hold its value now, or
    // a second key press starts again from the old one.
    setVolume(value);
    setMuted(value === 0);
  }

  function toggleMute() {
    const el = audio();
    if (!el) return;
    if (el.muted && el.volume === 0) el.volume = VOLUME.step * 5;
    el.muted = !el.muted;
    setVolume(el.volume);
    setMuted(el.muted);
  }

  const shownVolume = muted ? 0 : volume;

  return (
    <div
      className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset"
      role="group"
      aria-label={`Player: ${title}`}
      onPointerDown={keys.activate}
      onFocus={keys.activate}
    >
      <audio
        ref={audioRef}
        preload="metadata"
        onPlay={() => {
          setPlaying(true);
          keys.activate();
          setAnnouncement('Playing');
          onPlay?.();
        }}
        onPause={(e) => {
          setPlaying(false);
          if (!e.currentTarget.ended) setAnnouncement(`Paused at ${formatTime(e.currentTarget.currentTime)}`);
          onPause?.(e.currentTarget.currentTime);
        }}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onEnded={() => {
          setPlaying(false);
          setAnnouncement('Finished');
          onEnded?.();
        }}
        onLoadedMetadata={(e) => {
          setMediaDuration(e.currentTarget.duration);
          applyRate(e.currentTarget, playbackRate);
        }}
        onTimeUpdate={(e) => {
          setCurrent(e.currentTarget.currentTime);
          onTimeUpdate?.(e.currentTarget.currentTime);
        }}
        onDurationChange={(e) => setMediaDuration(e.currentTarget.duration)}
        onVolumeChange={(e) => {
          setVolume(e.currentTarget.volume);
          setMuted(e.currentTarget.muted);
        }}
      />
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={togglePlay}
          aria-label={playing ? 'Pause' : 'Play'}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm hover:bg-brand-700"
        >
          {playing ? <Pause aria-hidden size={18} fill="currentColor" /> : <Play aria-hidden size={18} fill="currentColor" className="ml-0.5" />}
        </button>
        <div className="min-w-0 flex-1">
          <input
            type="range"
            aria-label="Seek"
            aria-valuetext={made ? growingPositionText(current, made) : `${formatTime(current)} of ${formatDuration(duration)}`}
            min={0}
            max={duration || 0}
            step={1}
            value={Math.min(current, duration || 0)}
            disabled={!duration}
            onChange={(e) => seek(Number(e.currentTarget.value))}
            className={`${rangeClass} w-full disabled:cursor-default`}
            style={fill(duration ? current / duration : 0, made && duration ? made.madeSeconds / duration : undefined)}
          />
          <div className="mt-1.5 flex items-center justify-between gap-3 text-xs text-slate-600 tabular-nums">
            <span className="whitespace-nowrap">
              <span data-testid="elapsed">{formatTime(current)}</span>
              <span aria-hidden> / </span>
              <span className="sr-only"> of </span>
              {made?.estimatedSeconds ? 'about ' : null}
              <span data-testid="total">{formatDuration(duration)}</span>
            </span>
            <div className="flex items-center gap-1.5">
              <button
                type="button"
                onClick={toggleMute}
                aria-label={muted ? 'Unmute' : 'Mute'}
                className="rounded-md p-1.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
              >
                {muted || volume === 0 ? <VolumeX aria-hidden size={16} /> : <Volume2 aria-hidden size={16} />}
              </button>
              <input
                type="range"
                aria-label="Volume"
                aria-valuetext={`${Math.round(shownVolume * 100)}%`}
                min={VOLUME.min}
                max={VOLUME.max}
                step={VOLUME.step}
                value={shownVolume}
                onChange={(e) => changeVolume(Number(e.currentTarget.value))}
                className={`${rangeClass} w-16 sm:w-24`}
                style={fill(shownVolume)}
              />
            </div>
          </div>
          {made && (
            <p data-testid="made" className="mt-1 text-xs text-slate-600 tabular-nums">
              {madeSoFarLabel(made)}
              {waiting && playing && current >= made.madeSeconds - 2 ? ` · the ${made.madeSeconds > 0 ? 'next' : 'first'} part is on its way` : ''}
            </p>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
        <button type="button" onClick={() => seekBy(-SKIP_BACK_SECONDS)} aria-label={`Back ${SKIP_BACK_SECONDS} seconds`} className={smallButton}>
          <RotateCcw aria-hidden size={14} />
          <span aria-hidden>{SKIP_BACK_SECONDS}</span>
        </button>
        <button type="button" onClick={() => seekBy(SKIP_FORWARD_SECONDS)} aria-label={`Forward ${SKIP_FORWARD_SECONDS} seconds`} className={smallButton}>
          <RotateCw aria-hidden size={14} />
          <span aria-hidden>{SKIP_FORWARD_SECONDS}</span>
        </button>
        <label className="flex items-center gap-1 rounded-md px-1.5 py-1">
          <span className="sr-only">Playback speed</span>
          <select
            value={playbackRate}
            onChange={(e) => changeRate(Number(e.currentTarget.value) as PlaybackRate)}
            className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-xs font-semibold text-slate-800 tabular-nums"
          >
            {PLAYBACK_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {formatPlaybackRate(rate)}
              </option>
            ))}
          </select>
        </label>
        {chapters.length > 0 && (
          <div className="flex min-w-0 items-center gap-1" role="group" aria-label="Chapters">
            <button type="button" onClick={() => goToChapter(-1)} aria-label="Previous chapter" className={smallButton}>
              <ChevronLeft aria-hidden size={14} />
            </button>
            <span data-testid="current-chapter" className="max-w-48 truncate font-medium" title={chapter?.title}>
              {chapter ? chapter.title : chapters[0]!.title}
            </span>
            <button
              type="button"
              onClick={() => goToChapter(1)}
              aria-label="Next chapter"
              disabled={chapterIndex >= chapters.length - 1 && !onNextTrack}
              className={smallButton}
            >
              <ChevronRight aria-hidden size={14} />
            </button>
          </div>
        )}
        <span className="group relative ml-auto">
          <button type="button" aria-label="Keyboard shortcuts" aria-describedby={shortcutsId} className={smallButton}>
            <Keyboard aria-hidden size={14} />
          </button>
          <span
            id={shortcutsId}
            role="tooltip"
            className="pointer-events-none invisible absolute right-0 bottom-full z-20 mb-2 w-64 rounded-lg bg-slate-900 p-3 text-left text-xs text-white opacity-0 shadow-lg group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
          >
            <span className="sr-only">{PLAYER_SHORTCUTS_TEXT}</span>
            <span aria-hidden className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {PLAYER_SHORTCUTS.map((s) => (
                <Fragment key={s.keys}>
                  <kbd className="font-mono font-semibold whitespace-nowrap">{s.keys}</kbd>
                  <span>{s.does}</span>
                </Fragment>
              ))}
            </span>
          </span>
        </span>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

const NO_CHAPTERS: readonly Chapter[] = [];

const smallButton =
  'inline-flex items-center gap-1 rounded-md px-1.5 py-1 font-semibold text-slate-700 hover:bg-slate-200 hover:text-slate-900 ' +
  'disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent';

/** The speed on the element, pitch kept; the default too, so a new source keeps it. */
function applyRate(el: HTMLAudioElement, rate: number) {
  el.defaultPlaybackRate = rate;
  el.playbackRate = rate;
  el.preservesPitch = true;
}
