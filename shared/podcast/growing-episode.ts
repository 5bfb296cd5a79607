/**
 * An episode while it is made: a listener moves anywhere within what is made, never past it, and
 * both clients word what exists so far alike ('2:10 made of about 9:40').
 */
import { formatTime } from '../format-time.ts';

/** What is known of an episode while it is made. */
export interface GrowingEpisode {
  /** Seconds made so far. */
  madeSeconds: number;
  /** The estimated length of the whole episode, when the server has one. */
  estimatedSeconds: number | null;
}

/** The estimated whole length, never shorter than what is already made (estimates can be low). */
export function estimatedLength({ madeSeconds, estimatedSeconds }: GrowingEpisode): number {
  return Math.max(madeSeconds, estimatedSeconds ?? 0);
}

/** A position a listener asked for, kept within what is made: from 0 up to the made part's end. */
export function clampToMade(seconds: number, madeSeconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(Math.max(0, seconds), Math.max(0, madeSeconds));
}

/** '2:10 made of about 9:40', or '2:10 made so far' with no estimate. */
export function madeSoFarLabel(episode: GrowingEpisode): string {
  const made = formatTime(episode.madeSeconds);
  return episode.estimatedSeconds ? `${made} made of about ${formatTime(estimatedLength(episode))}` : `${made} made so far`;
}

/** The seek slider's spoken value while the episode grows: '1:05 of about 9:40, 2:10 made so far'. */
export function growingPositionText(positionSeconds: number, episode: GrowingEpisode): string {
  const whole = episode.estimatedSeconds ? ` of about ${formatTime(estimatedLength(episode))}` : '';
  return `${formatTime(positionSeconds)}${whole}, ${formatTime(episode.madeSeconds)} made so far`;
}
