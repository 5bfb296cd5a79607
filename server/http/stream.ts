/** Answers for the growing episode: its playlist, and the segment numbers its addresses carry. */
import { podcastNotFound } from '../use-cases/podcast-errors.ts';

/** The playlist changes as segments are stored: never cached. */
export function playlistResponse(playlist: string): Response {
  return new Response(playlist, {
    headers: { 'Content-Type': 'application/vnd.apple.mpegurl', 'Cache-Control': 'no-store' },
  });
}

/**
 * A new podcast's playlist whose first part is still not made after the wait: "not yet, ask again in
 * a second", which players retry as they do a server that is restarting.
 */
export function firstPartNotYetResponse(): Response {
  return new Response('The first part of this episode is still being made.', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1', 'Cache-Control': 'no-store' },
  });
}

/** `12.mp3` → 12; anything else is not a segment. */
export function segmentNumber(name: string): number {
  const match = /^(\d{1,6})\.mp3$/.exec(name);
  if (!match) throw podcastNotFound();
  return Number(match[1]);
}
