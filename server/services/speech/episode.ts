/**
 * One podcast's audio: the script prepared for the voice, split into chunks of a few sentences,
 * each chunk's PCM streamed into one MP3 encoder as the engine produces it, written to a temporary
 * file and renamed into place only when it holds real audio. Progress is reported after each chunk.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { prepareSpeechText } from '../../../shared/text/prepare-speech-text.ts';
import { createMp3Encoder } from '../audio/mp3-encoder.ts';
import { Mp3FrameCounter } from '../audio/mp3-frames.ts';
import type { SpeechEngine } from './engine.ts';
import { SpeechError } from './speech-error.ts';
import { splitIntoChunks } from './split-text.ts';

/** A few sentences: small enough that progress moves, large enough that each call is worth making. */
export const DEFAULT_CHUNK_CHARS = 600;
export const EPISODE_BITRATE_KBPS = 64;
/**
 * The pause between two sentences (espeak's, at its default rate). An engine ends each call almost
 * at its last word, so where its own trailing silence is shorter, a join gets silence up to this.
 */
export const JOIN_PAUSE_MS = 300;
/** Samples quieter than this (16-bit units, about -40 dBFS) count as silence at a chunk's end. */
const QUIET_SAMPLE = 300;
/** Below this RMS (16-bit units, about -60 dBFS) an episode is silence, not speech. */
const SILENCE_RMS = 32;
const WRITE_BATCH_BYTES = 64 * 1024;
/**
 * Encoding runs on the main thread and queued PCM is consumed in microtasks, so without a pause the
 * loop would hold the event loop for a whole chunk. It hands it back at least this often.
 */
const MAX_BUSY_MS = 10;

export interface EpisodeOptions {
  engine: SpeechEngine;
  /** The script as written; it is prepared for the voice here. */
  text: string;
  voice: string;
  outFile: string;
  signal?: AbortSignal;
  /** Called after each chunk is spoken and encoded; awaited before the next. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  /** Longest chunk to send in one call; never above the engine's own limit. */
  chunkChars?: number;
}

export interface EpisodeResult {
  /** Size of the MP3 file. */
  bytes: number;
  /** Playing time of the MP3 file, from its frames: what a player shows. */
  durationMs: number;
}

/** Running sum of squares, to tell speech from silence without keeping the audio. */
class Loudness {
  samples = 0;
  private sumSquares = 0;

  add(pcm: Int16Array) {
    let sum = 0;
    for (let i = 0; i < pcm.length; i++) sum += pcm[i]! * pcm[i]!;
    this.sumSquares += sum;
    this.samples += pcm.length;
  }

  get rms(): number {
    return this.samples ? Math.sqrt(this.sumSquares / this.samples) : 0;
  }
}

/** How many samples at the end of `pcm` are silence. */
function quietTail(pcm: Int16Array): number {
  let i = pcm.length;
  while (i > 0 && Math.abs(pcm[i - 1]!) < QUIET_SAMPLE) i--;
  return pcm.length - i;
}

/** Speaks `text` with `engine` into an MP3 at `outFile`. Throws a SpeechError rather than write an empty or silent file. */
export async function speakEpisode(options: EpisodeOptions): Promise<EpisodeResult> {
  const { engine, voice, outFile, signal, onProgress } = options;
  const maxChars = Math.max(1, Math.min(options.chunkChars ?? DEFAULT_CHUNK_CHARS, engine.maxChunkChars));
  const chunks = splitIntoChunks(prepareSpeechText(options.text), maxChars);
  if (chunks.length === 0) throw new SpeechError('The script has nothing a voice can read aloud');
  signal?.throwIfAborted();

  const encoder = await createMp3Encoder({ sampleRate: engine.sampleRate, bitrateKbps: EPISODE_BITRATE_KBPS });
  const frames = new Mp3FrameCounter();
  const loudness = new Loudness();
  const partFile = `${outFile}.${randomBytes(6).toString('hex')}.part`;
  const file = await fs.promises.open(partFile, 'wx');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let bytes = 0;
  const write = async (data: Uint8Array, force = false) => {
    if (data.length) {
      frames.push(data);
      pending.push(data);
      pendingBytes += data.length;
    }
    if (pendingBytes < WRITE_BATCH_BYTES && !force) return;
    const batch = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await file.write(batch);
    bytes += batch.length;
  };

  let busySince = performance.now();
  const yieldToEventLoop = async () => {
    if (performance.now() - busySince < MAX_BUSY_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    busySince = performance.now();
  };

  const joinPause = Math.round((JOIN_PAUSE_MS * engine.sampleRate) / 1000);
  let silentEnd = 0; // samples of silence the audio so far ends with
  try {
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0 && silentEnd < joinPause) await write(encoder.encode(new Int16Array(joinPause - silentEnd)));
      silentEnd = 0;
      const before = loudness.samples;
      for await (const pcm of engine.synthesize(chunk, { voice, signal })) {
        loudness.add(pcm);
        const quiet = quietTail(pcm);
        silentEnd = quiet === pcm.length ? silentEnd + quiet : quiet;
        await write(encoder.encode(pcm));
        await yieldToEventLoop();
      }
      signal?.throwIfAborted();
      if (loudness.samples === before) {
        throw new SpeechError(`The voice returned no audio for part ${index + 1} of ${chunks.length}`);
      }
      await onProgress?.(index + 1, chunks.length);
    }
    if (loudness.rms < SILENCE_RMS) throw new SpeechError('The voice produced only silence');
    await write(encoder.finish(), true);
    await file.close();
    if (frames.frames === 0 || bytes === 0) throw new SpeechError('The MP3 encoder produced no audio');
    await fs.promises.rename(partFile, outFile);
    return { bytes, durationMs: frames.durationMs };
  } catch (error) {
    await file.close().catch(() => {});
    await fs.promises.rm(partFile, { force: true });
    throw error;
  }
}
