/**
 * A podcast's timed transcript and chapters, from the cues its segments recorded: for a listener,
 * the episode being made (cues so far) or the finished one; for the feed, the finished audio it serves.
 */
import type { PodcastSource } from '../../shared/api/podcasts.ts';
import type { Database } from '../db/client.ts';
import type { PodcastRow } from '../repositories/podcast-repository.ts';
import { listSegments, type SegmentRow } from '../repositories/segment-repository.ts';
import { hasEpisodeStream } from '../services/podcasts/events.ts';
import { buildTranscript } from '../machinery/feed/transcript.ts';
import { streamComplete } from './open-episode-stream.ts';

export type PodcastTranscript = ReturnType<typeof buildTranscript> & { title: string; language: string; sources: PodcastSource[] | null };

/** The sources of an episode of several, as listeners read them; null for one source. */
export function sourcesOf(row: Pick<PodcastRow, 'sources'>): PodcastSource[] | null {
  return row.sources?.read.length ? row.sources.read.map(({ url, title, author }) => ({ url, title, author })) : null;
}

const languageOf = (row: PodcastRow) => ((row as { language?: string | null }).language ?? null) || 'en';

async function transcriptOfKey(db: Database, row: PodcastRow, key: string | null, finished: boolean, complete: boolean): Promise<PodcastTranscript> {
  return transcriptOfSegments(row, key ? await listSegments(db, key) : [], finished, complete);
}

/** The transcript of segments already read. */
export function transcriptOfSegments(row: PodcastRow, segments: SegmentRow[], finished: boolean, complete: boolean): PodcastTranscript {
  const last = segments.at(-1);
  const madeMs = last ? last.startMs + last.durationMs : 0;
  const audioMs = finished ? (row.durationMs ?? madeMs) : madeMs;
  const transcript = buildTranscript({ title: row.title, cues: segments.flatMap((s) => s.cues), audioMs, complete });
  return { ...transcript, title: row.title, language: languageOf(row), sources: sourcesOf(row) };
}

/**
 * What a listener plays: the episode being made (or ended unfinished) while there is one, else the
 * finished episode; no cues before any audio exists (a podcast queued for a new voice included).
 */
export async function readTranscript(deps: { db: Database }, row: PodcastRow): Promise<PodcastTranscript> {
  if (hasEpisodeStream(row)) {
    const finished = row.status === 'ready' && row.streamKey === row.audioKey;
    return transcriptOfKey(deps.db, row, row.streamKey, finished, streamComplete(row));
  }
  const ready = row.status === 'ready' && row.audioKey !== null;
  return transcriptOfKey(deps.db, row, ready ? row.audioKey : null, ready, streamComplete(row));
}

/** The finished audio's transcript (the feed serves it while a new voice is made). */
export async function readFinishedTranscript(deps: { db: Database }, row: PodcastRow & { audioKey: string }): Promise<PodcastTranscript> {
  return transcriptOfKey(deps.db, row, row.audioKey, true, true);
}
