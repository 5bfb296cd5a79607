/**
 * The episode encoder, run in worker threads (encoder-worker.mjs): PCM goes in as the voice makes
 * it; the loudness gain and limiter, then LAME, run off the event loop. `cut()` answers every whole
 * MP3 frame made since the last cut, so an episode can be stored in segments that join into one
 * valid file. One continuous encoder per episode: separately encoded pieces would each add their
 * own encoder delay (65–90 ms of silence) where they meet.
 */
import type { VoiceGain } from './loudness.ts';
import { createWorkerPool, type WorkerLease, type WorkerPool } from '../workers/worker-pool.ts';

export const EPISODE_BITRATE_KBPS = 64;
/**
 * Samples by which the MP3 lags the PCM that went in: LAME's encoder delay (576 + 529) as a decoder
 * without gapless information plays it. Cue times add it so they match what is heard.
 */
export const ENCODER_DELAY_SAMPLES = 1105;

export interface EncodedPart {
  /** Whole MP3 frames. */
  bytes: Uint8Array;
  /** PCM samples those frames decode to. */
  samples: number;
}

export interface EpisodeEncoder {
  /** Queues PCM (the array is handed over to the worker and must not be used after). */
  write(pcm: Int16Array): void;
  /** The frames made since the last part. */
  cut(): Promise<EncodedPart>;
  /** Flushes the last frames; the encoder is done after. */
  finish(): Promise<EncodedPart>;
  /** Gives the worker back (retired when the episode did not finish). */
  close(): void;
}

export interface EncoderPool {
  open(options: { sampleRate: number; gainDb: VoiceGain }, signal?: AbortSignal): Promise<EpisodeEncoder>;
  /** Starts a worker ahead of the first episode, so it does not wait for one. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

type FromWorker =
  | { type: 'ready' }
  | { type: 'part'; id: number; bytes: Uint8Array; samples: number }
  | { type: 'failed'; id: number | null; message: string };

export class EncoderError extends Error {
  override readonly name = 'EncoderError';
}

export function createEncoderPool(options: { size: number }): EncoderPool {
  const pool: WorkerPool = createWorkerPool({
    url: new URL('./encoder-worker.mjs', import.meta.url),
    size: options.size,
    ready: (m) => (m as FromWorker).type === 'ready',
  });

  return {
    async open({ sampleRate, gainDb }, signal) {
      const lease: WorkerLease = await pool.acquire(signal);
      const waiting = new Map<number, { resolve: (part: EncodedPart) => void; reject: (error: Error) => void }>();
      let failure: Error | null = null;
      let nextId = 1;
      let done = false;
      const failAll = (error: Error) => {
        failure ??= error;
        for (const { reject } of waiting.values()) reject(failure);
        waiting.clear();
      };
      lease.onMessage((raw) => {
        const message = raw as FromWorker;
        if (message.type === 'part') {
          waiting.get(message.id)?.resolve({ bytes: message.bytes, samples: message.samples });
          waiting.delete(message.id);
        } else if (message.type === 'failed') failAll(new EncoderError(`The MP3 encoder failed: ${message.message}`));
      });
      lease.onStop((error) => failAll(new EncoderError(`The MP3 encoder stopped: ${error.message}`)));
      lease.post({ type: 'open', sampleRate, bitrateKbps: EPISODE_BITRATE_KBPS, gainDb });

      const request = (type: 'cut' | 'finish') =>
        new Promise<EncodedPart>((resolve, reject) => {
          if (failure) return reject(failure);
          const id = nextId++;
          waiting.set(id, { resolve, reject });
          lease.post({ type, id });
        });

      return {
        write(pcm) {
          if (failure) throw failure;
          lease.post({ type: 'pcm', samples: pcm }, [pcm.buffer as ArrayBuffer]);
        },
        cut: () => request('cut'),
        async finish() {
          const part = await request('finish');
          done = true;
          return part;
        },
        close() {
          if (done && !failure) lease.release();
          else lease.retire(); // an episode left half-encoded: start afresh next time
          failAll(new EncoderError('The encoder is closed'));
        },
      };
    },
    async warmUp() {
      // Loading the worker, compiling LAME and letting the JIT see it: a second, paid here once.
      const encoder = await this.open({ sampleRate: 22_050, gainDb: 0 });
      // Sound, not silence: silence takes the encoder's and the limiter's short paths.
      encoder.write(Int16Array.from({ length: 22_050 * 5 }, (_, i) => Math.round(8_000 * Math.sin(i * 0.05 + Math.sin(i * 0.001) * 20))));
      await encoder.finish();
      encoder.close();
    },
    close: () => pool.close(),
  };
}
