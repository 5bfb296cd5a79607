/** The player's speed: one of PLAYBACK_RATES, stepped up and down, shown as "1.25×". */
import { PLAYBACK_RATES } from '../constants.ts';

export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
export const DEFAULT_PLAYBACK_RATE: PlaybackRate = 1;

export function isPlaybackRate(value: unknown): value is PlaybackRate {
  return typeof value === 'number' && (PLAYBACK_RATES as readonly number[]).includes(value);
}

/** A stored or received value as a speed the player offers: 1× when it is not one. */
export function toPlaybackRate(value: unknown): PlaybackRate {
  return isPlaybackRate(value) ? value : DEFAULT_PLAYBACK_RATE;
}

/** The next speed up (`1`) or down (`-1`), staying at the ends. */
export function stepPlaybackRate(rate: number, direction: 1 | -1): PlaybackRate {
  const rates = PLAYBACK_RATES as readonly PlaybackRate[];
  if (direction > 0) return rates.find((r) => r > rate) ?? rates[rates.length - 1]!;
  return [...rates].reverse().find((r) => r < rate) ?? rates[0]!;
}

/** "1.25×", "2×". */
export const formatPlaybackRate = (rate: number) => `${rate}×`;
