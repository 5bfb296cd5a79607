/** The player's shared looks: its range inputs (seek, volume) and its small buttons. */
import type { CSSProperties } from 'react';

export const rangeClass =
  'h-1.5 cursor-pointer appearance-none rounded-full bg-slate-200 accent-brand-600 ' +
  '[&::-webkit-slider-thumb]:h-4 [&::-webkit-slider-thumb]:w-4 [&::-webkit-slider-thumb]:appearance-none ' +
  '[&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-brand-600 [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:rounded-full ' +
  '[&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-brand-600';

export const smallButton =
  'inline-flex items-center gap-1 rounded-md px-1.5 py-1 font-semibold text-slate-700 hover:bg-slate-200 hover:text-slate-900 ' +
  'disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent';

const percent = (fraction: number) => Math.min(100, Math.max(0, fraction * 100));

/**
 * The filled part of a range track, drawn as a background so it matches in every browser; `made`
 * adds a lighter band up to the end of what exists of a growing episode.
 */
export function fill(fraction: number, made = fraction): CSSProperties {
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
