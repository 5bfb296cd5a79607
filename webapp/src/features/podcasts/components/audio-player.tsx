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
 * previous and next and the current one's name, the keyboard shortcuts (the second row,
 * player-extras.tsx), the Media Session (lock screen and media keys), and a live region that says
 * what a control did.
 */
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Pause, Play } from 'lucide-react';
import type { Chapter } from '../../../../../shared/api/transcript.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { formatTime } from '../../../../../shared/format-time.ts';
import type { EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';
import type { GrowingEpisode } from '../../../../../shared/podcast/growing-episode.ts';
import { formatPlaybackRate, stepPlaybackRate, type PlaybackRate } from '../../../../../shared/podcast/playback-rate.ts';
import type { PlayerAction } from '../../../../../shared/podcast/player-keys.ts';
import { currentChapterIndex, nextChapterStart, previousChapterStart } from '../../../../../shared/podcast/read-along.ts';
import { usePlayerKeys } from '../hooks/use-player-keys.ts';
import { useAttachedEpisode } from '../hooks/use-attached-episode.ts';
import { useEpisodeClock } from '../hooks/use-episode-clock.ts';
import { useMediaSession } from '../hooks/use-media-session.ts';
import { useOnePlayerAtATime } from '../hooks/use-one-player-at-a-time.ts';
import { useVolume } from '../hooks/use-volume.ts';
import { PlayerExtras } from './player-extras.tsx';
import { SeekBar } from './seek-bar.tsx';
import { VolumeControl } from './volume-control.tsx';

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
  /** Where a player of the same podcast on the screen just left was playing (read once attached); it plays on from there. */
  playOnFrom?: () => number | null;
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
  pause: () => void;
  /** Seek, then play from there (a sentence clicked in the read-along), pausing any other player. */
  playFrom: (seconds: number) => void;
}

export function AudioPlayer({
  source,
  title,
  durationHint,
  growing = null,
  autoPlay = false,
  playOnFrom,
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
  const clock = useEpisodeClock(audioRef, { source, growing, durationHint });
  const { current, duration, made, seek, position } = clock;
  const volume = useVolume(audioRef);
  /** What the last control did, for screen readers. */
  const [announcement, setAnnouncement] = useState('');

  useOnePlayerAtATime(audioRef);

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

  useImperativeHandle(ref, () => ({
    currentTime: position,
    seek,
    play,
    pause: () => audio()?.pause(),
    playFrom: (seconds) => {
      seek(seconds);
      if (audio()?.paused) play();
    },
  }));

  function seekBy(seconds: number) {
    const el = audio();
    if (!el) return;
    const end = made ? made.madeSeconds : duration || el.duration || 0;
    const at = position();
    const target = Math.max(0, Math.min(at + seconds, end || at + Math.max(seconds, 0)));
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
    const target = direction < 0 ? previousChapterStart(chapters, position()) : nextChapterStart(chapters, position());
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

  useAttachedEpisode(audioRef, source, { autoPlay, play, playOnFrom });

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
          clock.knowDuration(e.currentTarget);
          applyRate(e.currentTarget, playbackRate);
        }}
        onTimeUpdate={(e) => {
          if (clock.timeUpdated(e.currentTarget)) onTimeUpdate?.(e.currentTarget.currentTime);
        }}
        onDurationChange={(e) => clock.durationChanged(e.currentTarget)}
        onVolumeChange={(e) => volume.onVolumeChange(e.currentTarget)}
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
        <SeekBar current={current} duration={duration} made={made} stalled={waiting && playing} onSeek={seek}>
          <VolumeControl volume={volume.volume} muted={volume.muted} onToggleMute={volume.toggleMute} onChange={volume.change} />
        </SeekBar>
      </div>
      <PlayerExtras
        onSkip={seekBy}
        playbackRate={playbackRate}
        onRateChange={changeRate}
        chapters={chapters}
        chapterIndex={chapterIndex}
        onChapter={goToChapter}
        nextAfterLast={onNextTrack !== undefined}
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

const NO_CHAPTERS: readonly Chapter[] = [];

/** The speed on the element, pitch kept; the default too, so a new source keeps it. */
function applyRate(el: HTMLAudioElement, rate: number) {
  el.defaultPlaybackRate = rate;
  el.playbackRate = rate;
  el.preservesPitch = true;
}
