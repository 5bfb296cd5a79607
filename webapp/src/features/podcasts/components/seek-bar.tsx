/**
 * The seek slider with elapsed and total time as m:ss. While the episode grows it spans the estimated
 * length, shows the part made as a lighter band and says it in words ('2:10 made of about 9:40'),
 * adding that the next part is on its way when playback waits at the made part's end.
 */
import type { ReactNode } from 'react';
import { formatDuration, formatTime } from '../../../../../shared/format-time.ts';
import { growingPositionText, madeSoFarLabel, type GrowingEpisode } from '../../../../../shared/podcast/growing-episode.ts';
import { fill, rangeClass } from './player-style.ts';

interface SeekBarProps {
  current: number;
  duration: number;
  /** The episode while it grows (its made part at least what the element has loaded); null once complete. */
  made: GrowingEpisode | null;
  /** Playing, but waiting for audio. */
  stalled: boolean;
  onSeek: (seconds: number) => void;
  /** Beside the times (the volume). */
  children?: ReactNode;
}

export function SeekBar({ current, duration, made, stalled, onSeek, children }: SeekBarProps) {
  return (
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
        onChange={(e) => onSeek(Number(e.currentTarget.value))}
        className={`${rangeClass} w-full disabled:cursor-default`}
        style={fill(duration ? current / duration : 0, made && duration ? made.madeSeconds / duration : undefined)}
      />
      <div className="mt-1.5 flex items-center justify-between gap-3 text-xs text-slate-600 tabular-nums">
        <span className="whitespace-nowrap">
          <span data-testid="elapsed">{formatTime(current)}</span>
          {/* While it grows, the line below gives the one length ('1:42 made of about 4:01'). */}
          {made ? null : (
            <>
              <span aria-hidden> / </span>
              <span className="sr-only"> of </span>
              <span data-testid="total">{formatDuration(duration)}</span>
            </>
          )}
        </span>
        {children}
      </div>
      {made && (
        <p data-testid="made" className="mt-1 text-xs text-slate-600 tabular-nums">
          {madeSoFarLabel(made)}
          {stalled && current >= made.madeSeconds - 2 ? ` · the ${made.madeSeconds > 0 ? 'next' : 'first'} part is on its way` : ''}
        </p>
      )}
    </div>
  );
}
