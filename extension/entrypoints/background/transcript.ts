/**
 * The timed transcript of the episode playing: its cues (read-along follows them) and its chapters
 * (into `playbackItem` for the popup's player). Read when an episode starts, and again while it is
 * made once playback nears the last cue read.
 */
import type { Cue } from '../../../shared/api/transcript.ts';
import { ENDPOINTS } from '../../../shared/client/endpoints.ts';
import { playbackItem, type Playback } from '../../storage.ts';
import { setChapters } from './playback.ts';
import { callServer } from './server.ts';

/** A growing transcript is read again at most this often. */
const REREAD_MS = 4000;
/** …once playback is this close to the end of the cues read. */
const NEAR_END_MS = 5000;

export interface LoadedTranscript {
  podcastId: string;
  cues: Cue[];
  complete: boolean;
  readAt: number;
}

let loaded: LoadedTranscript | null = null;
let reading: { podcastId: string; done: Promise<LoadedTranscript | null> } | null = null;

/**
 * The transcript of `playback`'s podcast, as read last or read now when it is due (`fresh`: now,
 * unless it is complete).
 */
export async function transcriptOf(
  playback: Pick<Playback, 'podcastId'>,
  positionSeconds: number,
  { now = Date.now(), fresh = false }: { now?: number; fresh?: boolean } = {},
): Promise<LoadedTranscript | null> {
  const held = loaded?.podcastId === playback.podcastId ? loaded : null;
  if (held?.complete || (held && !fresh)) {
    const lastEnd = held.cues.at(-1)?.endMs ?? 0;
    const due = !held.complete && positionSeconds * 1000 + NEAR_END_MS >= lastEnd && now - held.readAt >= REREAD_MS;
    if (!due) return held;
  }
  if (reading?.podcastId !== playback.podcastId) {
    const podcastId = playback.podcastId;
    const done = read(podcastId, held).finally(() => {
      if (reading?.done === done) reading = null;
    });
    reading = { podcastId, done };
  }
  return reading.done;
}

async function read(podcastId: string, held: LoadedTranscript | null): Promise<LoadedTranscript | null> {
  const answer = await callServer((client) => client.http.call(ENDPOINTS.transcript, { params: { id: podcastId } }));
  if (!answer.ok) {
    console.warn('[pagecast] reading the transcript failed', answer.error.message);
    // Asked again only when due: a failure waits like a read.
    if (held) held.readAt = Date.now();
    else loaded = { podcastId, cues: [], complete: false, readAt: Date.now() };
    return loaded;
  }
  const { cues, complete, chapters } = answer.value;
  loaded = { podcastId, cues, complete, readAt: Date.now() };
  await setChapters(podcastId, chapters);
  return loaded;
}

/** The episode playing was just made whole: its whole transcript, every chapter, is read now. */
export async function readWhenMade(podcastId: string): Promise<void> {
  const playback = await playbackItem.getValue();
  if (playback?.podcastId === podcastId) await transcriptOf(playback, 0, { fresh: true });
}

/** Forgets what was read (tests; a new server). */
export function forgetTranscript() {
  loaded = null;
  reading = null;
}
