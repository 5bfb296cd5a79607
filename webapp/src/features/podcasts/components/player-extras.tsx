/**
 * The player's second row: skip back 15 s and forward 30 s, the speed, the chapters (previous, the
 * current one's name, next) and the keyboard shortcuts, listed in a tooltip.
 */
import { Fragment, useId } from 'react';
import { ChevronLeft, ChevronRight, Keyboard, RotateCcw, RotateCw } from 'lucide-react';
import type { Chapter } from '../../../../../shared/api/transcript.ts';
import { PLAYBACK_RATES } from '../../../../../shared/constants.ts';
import { formatPlaybackRate, type PlaybackRate } from '../../../../../shared/podcast/playback-rate.ts';
import { PLAYER_SHORTCUTS, PLAYER_SHORTCUTS_TEXT, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '../../../../../shared/podcast/player-keys.ts';
import { smallButton } from './player-style.ts';

interface PlayerExtrasProps {
  onSkip: (seconds: number) => void;
  playbackRate: PlaybackRate;
  onRateChange: (rate: PlaybackRate) => void;
  chapters: readonly Chapter[];
  /** The chapter playing (-1: before the first). */
  chapterIndex: number;
  onChapter: (direction: -1 | 1) => void;
  /** "Next" goes on past the last chapter (to the queue's next podcast). */
  nextAfterLast: boolean;
}

export function PlayerExtras({ onSkip, playbackRate, onRateChange, chapters, chapterIndex, onChapter, nextAfterLast }: PlayerExtrasProps) {
  const chapter = chapterIndex >= 0 ? chapters[chapterIndex]! : null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
      <button type="button" onClick={() => onSkip(-SKIP_BACK_SECONDS)} aria-label={`Back ${SKIP_BACK_SECONDS} seconds`} className={smallButton}>
        <RotateCcw aria-hidden size={14} />
        <span aria-hidden>{SKIP_BACK_SECONDS}</span>
      </button>
      <button type="button" onClick={() => onSkip(SKIP_FORWARD_SECONDS)} aria-label={`Forward ${SKIP_FORWARD_SECONDS} seconds`} className={smallButton}>
        <RotateCw aria-hidden size={14} />
        <span aria-hidden>{SKIP_FORWARD_SECONDS}</span>
      </button>
      <label className="flex items-center gap-1 rounded-md px-1.5 py-1">
        <span className="sr-only">Playback speed</span>
        <select
          value={playbackRate}
          onChange={(e) => onRateChange(Number(e.currentTarget.value) as PlaybackRate)}
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
          <button type="button" onClick={() => onChapter(-1)} aria-label="Previous chapter" className={smallButton}>
            <ChevronLeft aria-hidden size={14} />
          </button>
          <span data-testid="current-chapter" className="max-w-48 truncate font-medium" title={chapter?.title}>
            {chapter ? chapter.title : chapters[0]!.title}
          </span>
          <button
            type="button"
            onClick={() => onChapter(1)}
            aria-label="Next chapter"
            disabled={chapterIndex >= chapters.length - 1 && !nextAfterLast}
            className={smallButton}
          >
            <ChevronRight aria-hidden size={14} />
          </button>
        </div>
      )}
      <ShortcutsHelp />
    </div>
  );
}

/** The keyboard shortcuts, in a tooltip on hover and focus (read out in full to screen readers). */
function ShortcutsHelp() {
  const id = useId();
  return (
    <span className="group relative ml-auto">
      <button type="button" aria-label="Keyboard shortcuts" aria-describedby={id} className={smallButton}>
        <Keyboard aria-hidden size={14} />
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute right-0 bottom-full z-40 mb-2 w-64 rounded-lg bg-slate-900 p-3 text-left text-xs text-white opacity-0 shadow-lg group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
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
  );
}
