/**
 * Loads hls.js when a podcast that is still being made plays, and not before: a dynamic import, so
 * it is a chunk of its own and the pages' first download stays as it was.
 */
import { prefersNativeHls } from '../../../shared/client/attach-episode.ts';

export const loadHls = () => import('hls.js/light').then((module) => module.default);

/**
 * Starts downloading hls.js ahead of need (the member is about to make a podcast, which plays while
 * it is made), so the player starts as soon as the first part exists. Nothing where the browser plays
 * the stream itself; a failed download is tried again, and reported, when a podcast plays.
 */
export function preloadHls(): void {
  if (prefersNativeHls(document.createElement('audio'))) return;
  loadHls().catch(() => {});
}
