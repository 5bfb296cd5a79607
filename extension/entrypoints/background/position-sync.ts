/**
 * Resume where you stopped: the listening position goes to the server now and then while playing
 * and at once on pause or end, so the web app and the extension offer the same place to resume.
 */
import type { Playback } from '../../storage.ts';
import { callServer } from './server.ts';

/** While playing, at most one save this often. */
export const SAVE_EVERY_MS = 10_000;

let last: { podcastId: string; at: number } | null = null;

/** A new listening session: its first report saves at once. */
export function restartPositionSync() {
  last = null;
}

/** Saves the position when it is due (or at once with `force`); failures are only logged. */
export async function syncPosition(playback: Pick<Playback, 'podcastId' | 'position'>, force: boolean, now = Date.now()) {
  if (!force && last?.podcastId === playback.podcastId && now - last.at < SAVE_EVERY_MS) return;
  last = { podcastId: playback.podcastId, at: now };
  const saved = await callServer((client) => client.podcasts.savePosition(playback.podcastId, Math.max(0, playback.position)));
  if (!saved.ok) console.warn('[pagecast] saving the listening position failed', saved.error.message);
}
