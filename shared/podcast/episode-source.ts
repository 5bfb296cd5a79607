/**
 * Which address a player plays a podcast from. Both clients follow this rule:
 *
 * - A finished episode plays its MP3 (`audioUrl`); one being made (or cut short by a failure) plays
 *   its growing HLS playlist (`streamUrl`).
 * - A player keeps the address it holds for as long as it still names the same episode: a stream
 *   that was playing when the episode completed plays on to its end (the playlist simply ends there),
 *   and a fresh signature on the same address never restarts anything.
 * - A podcast back in the queue (a new voice, a retry) has nothing to play until its speech starts:
 *   the stream it may still name is the previous episode's, about to be replaced at the same address.
 * - A new podcast names its stream from the start, before anything of it is made: a player about to
 *   play it (the member just asked for it) attaches at once, and the playlist answers as soon as the
 *   first part exists. Every other view waits until there is audio.
 */
import type { PodcastStatus } from '../api/podcasts.ts';

export type EpisodeKind = 'file' | 'stream';

/** What a player plays: the finished file, or the playlist that grows while the episode is made. */
export interface EpisodeSource {
  kind: EpisodeKind;
  /** As the server gave it (relative to the server, with its signed token). */
  url: string;
}

/** The addresses a podcast (or a shared podcast) carries, and a podcast's status. */
export interface EpisodeAddresses {
  audioUrl: string | null;
  streamUrl: string | null;
  status?: PodcastStatus;
  /** Seconds of the episode made so far: null or 0 while nothing is. */
  audioSeconds?: number | null;
}

/** There is audio to hear: the finished episode, or part of one made (or cut short). */
export function hasAudio({ audioUrl, streamUrl, audioSeconds }: EpisodeAddresses): boolean {
  return !!audioUrl || (!!streamUrl && (audioSeconds ?? 0) > 0);
}

/** An address without its query (the signed token changes with every answer). */
const withoutQuery = (url: string) => url.split('?')[0];

/** Whether two addresses name the same resource, whatever their signatures. */
export function sameAddress(a: string, b: string): boolean {
  return withoutQuery(a) === withoutQuery(b);
}

/**
 * The source to play, given the one the player already holds (null for a new player). Null when
 * there is nothing to play yet (nothing spoken, or a new voice that has not started); `playNow`: the
 * player plays as soon as it can, so a new podcast's stream is taken before its first part exists.
 */
export function episodeSource(addresses: EpisodeAddresses, held: EpisodeSource | null = null, { playNow = false } = {}): EpisodeSource | null {
  const { audioUrl, streamUrl, status } = addresses;
  const made = hasAudio(addresses);
  if (status === 'queued' && made) return null;
  // The stream already attached plays on through completion: switching to the file would restart it.
  if (held?.kind === 'stream' && streamUrl && sameAddress(held.url, streamUrl)) return held;
  if (held?.kind === 'file' && audioUrl && sameAddress(held.url, audioUrl)) return held;
  if (audioUrl) return { kind: 'file', url: audioUrl };
  if (streamUrl && (made || playNow)) return { kind: 'stream', url: streamUrl };
  return null;
}

/** Whether two sources are the same (kind and exact address). */
export function sameSource(a: EpisodeSource | null, b: EpisodeSource | null): boolean {
  return a === b || (a !== null && b !== null && a.kind === b.kind && a.url === b.url);
}
