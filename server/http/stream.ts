/** Answers for the growing episode: its playlist, and the segment numbers its addresses carry. */
import { podcastNotFound } from '../use-cases/podcast-errors.ts';

/** The playlist changes as segments are stored: never cached. */
export function playlistResponse(playlist: string): Response {
  return new Response(playlist, {
    headers: { 'Content-Type': 'application/vnd.apple.mpegurl', 'Cache-Control': 'no-store' },
  });
}

/** `12.mp3` → 12; anything else is not a segment. */
export function segmentNumber(name: string): number {
  const match = /^(\d{1,6})\.mp3$/.exec(name);
  if (!match) throw podcastNotFound();
  return Number(match[1]);
}
