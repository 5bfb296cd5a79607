/**
 * What the offscreen player is playing, and its controls. The player lives outside the popup, so
 * closing the popup does not stop it; the position moves on smoothly between the player's reports.
 * While the episode is still being made the seek bar spans its estimated length, shows the part made
 * as a band and in words, and moves only within it. The speed is the member's (saved as their
 * preference when changed here, pitch kept); skips go back 15 and forward 30 seconds; an episode with
 * two chapters or more names the one playing and steps to the previous or next. The web app's
 * keyboard shortcuts work here too. "Ask" pauses it for a question about the article (ask-panel.tsx).
 */
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { AudioLines, LoaderCircle, Pause, Play, RotateCcw, RotateCw, SkipBack, SkipForward, X } from 'lucide-react';
import { toast } from '../../../shared/ui/toast.tsx';
import { PLAYBACK_RATES } from '../../../shared/constants.ts';
import { formatPlaybackRate, stepPlaybackRate } from '../../../shared/podcast/playback-rate.ts';
import { PLAYER_SHORTCUTS_TEXT, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS, shortcutOf, type PlayerAction } from '../../../shared/podcast/player-keys.ts';
import { currentChapterIndex, nextChapterStart, previousChapterStart } from '../../../shared/podcast/read-along.ts';
import type { PlaybackCommand } from '../../messaging.ts';
import { formatDuration, formatTime } from '../../../shared/format-time.ts';
import { clampToMade, estimatedLength, growingPositionText, madeSoFarLabel } from '../../../shared/podcast/growing-episode.ts';
import { currentPosition, playableEnd } from '../../player-clock.ts';
import type { Playback } from '../../storage.ts';
import { sendMessage, settle, useNow } from './hooks.ts';
import { ErrorNote, IconButton } from './ui.tsx';
import { AskPanel } from './ask-panel.tsx';


export function NowPlaying({ playback }: { playback: Playback }) {
  const playing = playback.status === 'playing';
  const now = useNow(playing);
  const position = currentPosition(playback, now);
  // While it is made: what exists (the server's figure or the player's, whichever is further) within
  // the estimated whole.
  const made = playback.growing ? { ...playback.growing, madeSeconds: playableEnd(playback) ?? 0 } : null;
  const duration = made ? estimatedLength(made) : (playback.duration ?? 0);
  const end = made ? made.madeSeconds : duration;
  // Where the reader moved to, shown until the player reports being there.
  const [dragging, setDragging] = useState<number | null>(null);
  const commit = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sent = useRef(false);

  useEffect(() => () => clearTimeout(commit.current ?? undefined), []);
  useEffect(() => {
    if (dragging === null || !sent.current || Math.abs(position - dragging) > 1.5) return;
    clearTimeout(commit.current ?? undefined);
    setDragging(null);
  }, [dragging, position]);

  const control = (command: PlaybackCommand) => void settle(sendMessage('controlPlayback', command));

  function seekTo(wanted: number) {
    const seconds = made ? clampToMade(wanted, made.madeSeconds) : wanted;
    setDragging(seconds);
    sent.current = false;
    // Dragging fires many changes: the player is told once the hand rests. Until it reports the new
    // place, the next move starts from the one sent, not from the clock's last report.
    clearTimeout(commit.current ?? undefined);
    commit.current = setTimeout(() => {
      control({ action: 'seek', position: seconds });
      sent.current = true;
      commit.current = setTimeout(() => setDragging(null), 3000);
    }, 150);
  }

  const shown = dragging ?? position;
  const busy = playback.status === 'loading';
  const rate = playback.rate ?? 1;

  const togglePlay = () => control({ action: playing || busy ? 'pause' : 'resume' });
  const seekBy = (seconds: number) => seekTo(Math.max(0, Math.min(end || Number.POSITIVE_INFINITY, shown + seconds)));
  const changeRate = (next: number) =>
    void settle(sendMessage('controlPlayback', { action: 'rate', rate: next })).then((result) => {
      if (!result.ok) toast.error(result.error.message);
    });
  const act = useRef<(action: PlayerAction) => void>(() => {});
  act.current = (action) => {
    if (action.kind === 'toggle') togglePlay();
    else if (action.kind === 'seekBy') seekBy(action.seconds);
    else changeRate(stepPlaybackRate(rate, action.direction));
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (!action) return;
      event.preventDefault();
      act.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const shortcutsId = useId();
  const chapters = playback.chapters ?? [];
  const chapter = chapters[currentChapterIndex(chapters, shown)] ?? null;
  const previousChapter = previousChapterStart(chapters, shown);
  const nextChapter = nextChapterStart(chapters, shown);
  return (
    <section className="card player" aria-label="Now playing" aria-describedby={shortcutsId}>
      <span id={shortcutsId} className="sr-only">
        {PLAYER_SHORTCUTS_TEXT}
      </span>
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
        aria-valuetext={made ? growingPositionText(shown, made) : `${formatTime(shown)} of ${formatDuration(duration)}`}
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
          {formatDuration(duration)}
        </span>
      </div>
      {made ? <p className="made-so-far">{madeSoFarLabel(made)}</p> : null}
      {/* One chapter is the whole episode: nothing to step between. */}
      {chapters.length > 1 ? (
        <div className="chapter-row">
          <IconButton label="Previous chapter" disabled={previousChapter === null} onClick={() => previousChapter !== null && seekTo(previousChapter)}>
            <SkipBack size={16} />
          </IconButton>
          <p className="chapter-name" aria-label="Chapter" title={chapter?.title}>
            {chapter?.title ?? '\u00a0'}
          </p>
          <IconButton label="Next chapter" disabled={nextChapter === null} onClick={() => nextChapter !== null && seekTo(nextChapter)}>
            <SkipForward size={16} />
          </IconButton>
        </div>
      ) : null}
      {playback.unfinished ? (
        <p className="unfinished-note">Unfinished: this is the part made before the podcast failed.</p>
      ) : null}
      <div className="controls">
        <select
          className="speed"
          aria-label="Playback speed"
          title="Playback speed"
          value={rate}
          onChange={(e) => changeRate(Number(e.target.value))}
        >
          {(PLAYBACK_RATES.includes(rate as (typeof PLAYBACK_RATES)[number]) ? PLAYBACK_RATES : [...PLAYBACK_RATES, rate]).map((r) => (
            <option key={r} value={r}>
              {formatPlaybackRate(r)}
            </option>
          ))}
        </select>
        <IconButton label={`Back ${SKIP_BACK_SECONDS} seconds`} onClick={() => seekBy(-SKIP_BACK_SECONDS)}>
          <RotateCcw size={18} />
        </IconButton>
        <button
          type="button"
          className="play-btn"
          aria-label={playing || busy ? 'Pause' : 'Play'}
          onClick={togglePlay}
        >
          {busy ? <LoaderCircle className="spin" size={22} aria-hidden /> : playing ? <Pause size={22} aria-hidden /> : <Play size={22} aria-hidden />}
        </button>
        <IconButton
          label={`Forward ${SKIP_FORWARD_SECONDS} seconds`}
          onClick={() => seekBy(SKIP_FORWARD_SECONDS)}
        >
          <RotateCw size={18} />
        </IconButton>
      </div>
      {playback.status === 'error' && playback.error ? (
        <ErrorNote error={{ code: 'PLAYBACK_FAILED', message: playback.error }} />
      ) : null}
      <AskPanel key={playback.podcastId} position={shown} paused={playback.status === 'paused'} reported={playback.position} />
    </section>
  );
}
