/**
 * The ID3 tag the store stage puts in front of a finished episode: its title and length, and the
 * chapters its cues start (the title the one chapter when they name none), as a downloaded file's
 * player lists them.
 */
import type { Database } from '../db/client.ts';
import { listSegments } from '../repositories/segment-repository.ts';
import { id3Tag } from '../machinery/audio/id3-chapters.ts';
import { buildTranscript } from '../machinery/feed/transcript.ts';

export const EPISODE_ARTIST = 'Pagecast';

export async function episodeTag(db: Database, title: string, key: string, durationMs: number): Promise<Uint8Array> {
  const segments = await listSegments(db, key);
  const { chapters } = buildTranscript({ title, cues: segments.flatMap((s) => s.cues), audioMs: durationMs, complete: true });
  return id3Tag({ title, artist: EPISODE_ARTIST, album: EPISODE_ARTIST, durationMs, chapters });
}
