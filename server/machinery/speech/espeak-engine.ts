/**
 * The embedded voice: espeak-ng compiled to wasm, run in a worker thread (espeak-worker.mjs) so a
 * synthesis never blocks the event loop. Calls run one at a time on one pooled worker; PCM is handed
 * over as espeak produces it. A worker that dies or hangs fails the call in progress with a
 * SpeechError and is replaced on the next call.
 */
import type { SpeechEngine, SynthesizeOptions, Voice } from './engine.ts';
import { SpeechError } from './speech-error.ts';
import { espeakLanguageVoice } from './language-voices.ts';
import { createWorkerPool, type WorkerLease, type WorkerPool } from '../workers/worker-pool.ts';
import { bindCall, Call } from './worker-call.ts';

interface EspeakVoice extends Voice {
  /** The name espeak-ng knows it by (a language, optionally with a +variant). */
  espeak: string;
}

/** The English voices offered, default first. */
export const ESPEAK_VOICES: readonly EspeakVoice[] = [
  { id: 'en-us', name: 'American English', premium: false, espeak: 'en-us' },
  { id: 'en-us-female', name: 'American English (female)', premium: true, espeak: 'en-us+f3' },
  { id: 'en-gb', name: 'British English', premium: true, espeak: 'en' },
  { id: 'en-gb-female', name: 'British English (female)', premium: true, espeak: 'en+f2' },
  { id: 'en-gb-x-rp', name: 'British English (Received Pronunciation)', premium: true, espeak: 'en-gb-x-rp' },
  { id: 'en-gb-scotland', name: 'Scottish English', premium: true, espeak: 'en-gb-scotland' },
  { id: 'en-029', name: 'Caribbean English', premium: true, espeak: 'en-029' },
  { id: 'en-us-nyc', name: 'New York English', premium: true, espeak: 'en-us-nyc' },
];

/** espeak-ng's fixed output rate. */
const SAMPLE_RATE = 22_050;

export interface EspeakEngineOptions {
  /** The worker module to run. Only tests change it (to a wrapper that can fail on purpose). */
  workerUrl?: URL;
  /** How long a call may go without any audio before the worker is taken to be hung. */
  stallTimeoutMs?: number;
}

type FromWorker =
  | { type: 'ready'; sampleRate: number }
  | { type: 'pcm'; id: number; samples: Int16Array }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string };

const isReadyMessage = (message: unknown): boolean | Error => {
  const m = message as FromWorker;
  if (m.type !== 'ready') return false;
  return m.sampleRate === SAMPLE_RATE ? true : new SpeechError(`espeak-ng speaks at ${m.sampleRate} Hz, not ${SAMPLE_RATE}`);
};

class EspeakEngine implements SpeechEngine {
  readonly name = 'espeak' as const;
  readonly sampleRate = SAMPLE_RATE;
  readonly maxChunkChars = 5_000;
  readonly defaultVoice = ESPEAK_VOICES[0]!.id;

  private readonly stallTimeoutMs: number;
  /** espeak is synchronous inside its worker: one worker, one call at a time. */
  private readonly pool: WorkerPool;
  private nextId = 1;
  private closed = false;

  constructor(options: EspeakEngineOptions) {
    this.pool = createWorkerPool({ url: options.workerUrl ?? new URL('./espeak-worker.mjs', import.meta.url), ready: isReadyMessage });
    this.stallTimeoutMs = options.stallTimeoutMs ?? 30_000;
  }

  async warmUp(): Promise<void> {
    // A cold worker compiles the wasm and loads the voice data, and its first second of work runs
    // slowly until the JIT has seen it: paid once here rather than by the first listener.
    const text = 'The voice is ready. It speaks every article as it is written, sentence by sentence, from the first word to the last.';
    for (let i = 0; i < 3; i++) for await (const pcm of this.synthesize(text, { voice: this.defaultVoice })) void pcm;
  }

  async voices(): Promise<Voice[]> {
    return ESPEAK_VOICES.map(({ id, name, premium }) => ({ id, name, premium }));
  }

  async *synthesize(text: string, options: SynthesizeOptions): AsyncGenerator<Int16Array> {
    // The picker's English voices, or the voice of an article's language (language-voices.ts).
    const voice = ESPEAK_VOICES.find((v) => v.id === options.voice) ?? espeakLanguageVoice(options.voice);
    if (!voice) throw new SpeechError(`espeak has no voice "${options.voice}"`);
    const { signal } = options;
    signal?.throwIfAborted();
    if (this.closed) throw new SpeechError('The espeak engine is closed');
    if (!text.trim()) return;

    let lease: WorkerLease;
    try {
      lease = await this.pool.acquire(signal); // a cold start compiles the wasm and loads the voice data
    } catch (error) {
      if (signal?.aborted || error instanceof SpeechError) throw error;
      if (this.closed) throw new SpeechError('The espeak engine is closed', { cause: error });
      throw new SpeechError(`The espeak worker stopped: ${(error as Error).message}`, { cause: error });
    }
    const call = new Call(this.nextId++);
    // A failed call's wasm state may be broken: the worker starts afresh next time.
    const retire = bindCall(lease, call, (message) => ({ error: new SpeechError(`espeak-ng failed: ${message}`), retire: true }));
    lease.onStop((error) => {
      retire(); // frees its place in the pool; a fresh worker starts on the next call
      const reason = this.closed ? 'The espeak engine was closed' : `The espeak worker stopped: ${error.message.replace(/^the worker stopped: /, '')}`;
      call.end(new SpeechError(reason, { cause: error }));
    });
    this.watch(call, lease, retire);
    let posted = false;
    try {
      lease.post({ type: 'synthesize', id: call.id, text, voice: voice.espeak, cancel: call.cancelFlag });
      posted = true;
      yield* call.drain(signal);
    } finally {
      if (!posted) call.end();
      else if (!call.settled) {
        call.cancel();
        this.retireIfNotFinishedWithin(call, retire, 5_000);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.close();
  }

  /** Fails the call and replaces the worker when nothing has come from it for stallTimeoutMs. */
  private watch(call: Call, lease: WorkerLease, retire: () => void) {
    let lastSeen = Date.now();
    lease.onMessage(() => (lastSeen = Date.now()));
    const timer = setInterval(() => {
      if (Date.now() - lastSeen < this.stallTimeoutMs) return;
      call.end(new SpeechError(`espeak-ng produced nothing for ${this.stallTimeoutMs} ms`));
      retire();
    }, Math.min(1_000, this.stallTimeoutMs));
    timer.unref();
    void call.finished.then(() => clearInterval(timer));
  }

  /** A cancelled call normally stops within one espeak buffer; a worker that does not is replaced. */
  private retireIfNotFinishedWithin(call: Call, retire: () => void, ms: number) {
    const timer = setTimeout(() => {
      call.end(new SpeechError('espeak-ng did not stop when cancelled'));
      retire();
    }, ms);
    timer.unref();
    void call.finished.then(() => clearTimeout(timer));
  }
}

/** The embedded espeak-ng voice. The worker starts on the first call; close() ends it. */
export function createEspeakEngine(options: EspeakEngineOptions = {}): SpeechEngine {
  return new EspeakEngine(options);
}
