/**
 * The podcast player: play/pause, a seek slider, elapsed and total time as m:ss, a mute
 * toggle and a volume slider from 0 to 1 in steps of 0.1. The <audio> element is the state; the
 * controls mirror its events. Native buttons and range inputs make every control keyboard usable.
 * Starting one player pauses any other on the page. Its owner may read the clock and seek through
 * `ref` (bookmarks, resume) and follow the position through the callbacks (saving it).
 */
import { useEffect, useImperativeHandle, useRef, useState, type CSSProperties, type Ref } from 'react';
import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { toast } from 'sonner';
import { VOLUME } from '../../../../../shared/constants.ts';
import { formatTime } from '../../../../../shared/format-time.ts';

interface AudioPlayerProps {
  src: string;
  /** What is playing, for the controls' accessible names. */
  title: string;
  /** The server's figure, shown until the browser has read the file's own. */
  durationHint?: number | null;
  /** Start playing as soon as it mounts (new audio the member just asked for). */
  autoPlay?: boolean;
  ref?: Ref<AudioPlayerHandle>;
  onPlay?: () => void;
  /** The clock moved: playing, or a seek. */
  onTimeUpdate?: (seconds: number) => void;
  onPause?: (seconds: number) => void;
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

/** The filled part of a range track, drawn as a background so it matches in every browser. */
function fill(fraction: number): CSSProperties {
  const percent = Math.min(100, Math.max(0, fraction * 100));
  return {
    background: `linear-gradient(to right, var(--color-brand-600) ${percent}%, var(--color-slate-200) ${percent}%)`,
  };
}

export function AudioPlayer({ src, title, durationHint, autoPlay = false, ref, onPlay, onTimeUpdate, onPause }: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);

  const duration = Number.isFinite(mediaDuration) && mediaDuration > 0 ? mediaDuration : (durationHint ?? 0);

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
    el.currentTime = seconds;
    setCurrent(seconds);
  }

  useImperativeHandle(ref, () => ({ currentTime: () => audio()?.currentTime ?? 0, seek, play }));

  useEffect(() => {
    if (autoPlay) play();
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
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset" role="group" aria-label={`Player: ${title}`}>
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        onPlay={() => {
          setPlaying(true);
          onPlay?.();
        }}
        onPause={(e) => {
          setPlaying(false);
          onPause?.(e.currentTarget.currentTime);
        }}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => {
          setCurrent(e.currentTarget.currentTime);
          onTimeUpdate?.(e.currentTarget.currentTime);
        }}
        onLoadedMetadata={(e) => setMediaDuration(e.currentTarget.duration)}
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
            aria-valuetext={`${formatTime(current)} of ${formatTime(duration)}`}
            min={0}
            max={duration || 0}
            step={1}
            value={Math.min(current, duration || 0)}
            disabled={!duration}
            onChange={(e) => seek(Number(e.currentTarget.value))}
            className={`${rangeClass} w-full disabled:cursor-default`}
            style={fill(duration ? current / duration : 0)}
          />
          <div className="mt-1.5 flex items-center justify-between gap-3 text-xs text-slate-600 tabular-nums">
            <span className="whitespace-nowrap">
              <span data-testid="elapsed">{formatTime(current)}</span>
              <span aria-hidden> / </span>
              <span className="sr-only"> of </span>
              <span data-testid="total">{formatTime(duration)}</span>
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
        </div>
      </div>
    </div>
  );
}
