/**
 * Loads hls.js when a podcast that is still being made plays, and not before: a dynamic import, so
 * it is a chunk of its own and the pages' first download stays as it was.
 */
import { prefersNativeHls } from '../../../shared/client/attach-episode.ts';

export const loadHls = () => import('hls.js/light').then((module) => module.default);

/**
 * Whether this browser plays a growing episode through hls.js (Chromium, Firefox) rather than by
 * itself (Safari). Only hls.js is known to wait out a playlist that answers "not yet" before the
 * first part, so only there does a player attach before the first part exists.
 */
export function playsStreamsThroughHls(): boolean {
  // Asked of every card as it renders: the browser's answer is read once.
  throughHls ??= !prefersNativeHls(document.createElement('audio'));
  return throughHls;
}
let throughHls: boolean | undefined;

/**
 * Starts downloading hls.js ahead of need (the member is about to make a podcast, which plays while
 * it is made), so the player starts as soon as the first part exists. Nothing where the browser plays
 * the stream itself; a failed download is tried again, and reported, when a podcast plays.
 */
export function preloadHls(): void {
  if (!playsStreamsThroughHls()) return;
  loadHls().catch(() => {});
}
