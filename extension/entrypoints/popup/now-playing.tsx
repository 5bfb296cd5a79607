/**
 * What the offscreen player is playing, and its controls. The player lives outside the popup, so
 * closing the popup does not stop it; the position moves on smoothly between the player's reports.
 * While the episode is still being made the seek bar spans its estimated length, shows the part made
 * as a band and in words, and moves only within it.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { AudioLines, LoaderCircle, Pause, Play, RotateCcw, RotateCw, X } from 'lucide-react';
import { sendMessage, type PlaybackCommand } from '../../messaging.ts';
import { formatTime } from '../../../shared/format-time.ts';
import { clampToMade, estimatedLength, growingPositionText, madeSoFarLabel } from '../../../shared/podcast/growing-episode.ts';
import { currentPosition, playableEnd } from '../../player-clock.ts';
import type { Playback } from '../../storage.ts';
import { settle, useNow } from './hooks.ts';
import { ErrorNote, IconButton } from './ui.tsx';

const SKIP_SECONDS = 15;

export function NowPlaying({ playback }: { playback: Playback }) {
  const playing = playback.status === 'playing';
  const now = useNow(playing);
  const position = currentPosition(playback, now);
  // While it is made: what exists (the server's figure or the player's, whichever is further) within
  // the estimated whole.
  const made = playback.growing ? { ...playback.growing, madeSeconds: playableEnd(playback) ?? 0 } : null;
  const duration = made ? estimatedLength(made) : (playback.duration ?? 0);
  const end = made ? made.madeSeconds : duration;
  const [dragging, setDragging] = useState<number | null>(null);
  const commit = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimeout(commit.current ?? undefined), []);

  const control = (command: PlaybackCommand) => void settle(sendMessage('controlPlayback', command));

  function seekTo(wanted: number) {
    const seconds = made ? clampToMade(wanted, made.madeSeconds) : wanted;
    setDragging(seconds);
    // Dragging fires many changes: the player is told once the hand rests.
    clearTimeout(commit.current ?? undefined);
    commit.current = setTimeout(() => {
      control({ action: 'seek', position: seconds });
      setDragging(null);
    }, 150);
  }

  const shown = dragging ?? position;
  const busy = playback.status === 'loading';
  return (
    <section className="card player" aria-label="Now playing">
      <div className="player-head">
        <p className="eyebrow player-eyebrow">
          <AudioLines size={14} aria-hidden className={playing ? 'bars-live' : undefined} />
          {playing ? 'Now playing' : playback.status === 'ended' ? 'Finished' : 'Paused'}
        </p>
        <IconButton label="Stop" onClick={() => control({ action: 'stop' })}>
          <X size={16} />
        </IconButton>
      </div>
      <p className="player-title">{playback.title}</p>
      <input
        className="seek"
        type="range"
        aria-label="Seek"
        aria-valuetext={made ? growingPositionText(shown, made) : `${formatTime(shown)} of ${formatTime(duration)}`}
        min={0}
        max={Math.max(duration, 1)}
        step={1}
        value={Math.min(shown, Math.max(duration, 1))}
        disabled={!duration}
        onChange={(e) => seekTo(Number(e.target.value))}
        style={
          {
            '--fill': `${duration ? (shown / duration) * 100 : 0}%`,
            '--made': `${duration ? (Math.max(shown, end) / duration) * 100 : 0}%`,
          } as CSSProperties
        }
      />
      <div className="times">
        <span aria-label="Elapsed time">{formatTime(shown)}</span>
        <span aria-label="Total time">
          {made?.estimatedSeconds ? 'about ' : ''}
          {formatTime(duration)}
        </span>
      </div>
      {made ? <p className="made-so-far">{madeSoFarLabel(made)}</p> : null}
      {playback.unfinished ? (
        <p className="unfinished-note">Unfinished: this is the part made before the podcast failed.</p>
      ) : null}
      <div className="controls">
        <IconButton label={`Back ${SKIP_SECONDS} seconds`} onClick={() => seekTo(Math.max(0, position - SKIP_SECONDS))}>
          <RotateCcw size={18} />
        </IconButton>
        <button
          type="button"
          className="play-btn"
          aria-label={playing || busy ? 'Pause' : 'Play'}
          onClick={() => control({ action: playing || busy ? 'pause' : 'resume' })}
        >
          {busy ? <LoaderCircle className="spin" size={22} aria-hidden /> : playing ? <Pause size={22} aria-hidden /> : <Play size={22} aria-hidden />}
        </button>
        <IconButton
          label={`Forward ${SKIP_SECONDS} seconds`}
          onClick={() => seekTo(end ? Math.min(end, position + SKIP_SECONDS) : position + SKIP_SECONDS)}
        >
          <RotateCw size={18} />
        </IconButton>
      </div>
      {playback.status === 'error' && playback.error ? (
        <ErrorNote error={{ code: 'PLAYBACK_FAILED', message: playback.error }} />
      ) : null}
    </section>
  );
}
