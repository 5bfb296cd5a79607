/**
 * The embedded voice: espeak-ng compiled to wasm, run in a worker thread (espeak-worker.mjs) so a
 * synthesis never blocks the event loop. Calls run one at a time on the one worker; PCM is handed
 * over as espeak produces it. A worker that dies or hangs fails the call in progress with a
 * SpeechError and is replaced on the next call.
 */
import { Worker } from 'node:worker_threads';
import type { SpeechEngine, SynthesizeOptions, Voice } from './engine.ts';
import { SpeechError } from './speech-error.ts';

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

/** One synthesize call's PCM, queued between the worker's messages and the caller's loop. */
class Call {
  private readonly queue: Int16Array[] = [];
  private error: unknown;
  private ended = false;
  private wake: (() => void) | undefined;
  private settle!: () => void;
  /** Resolves once the worker is done with this call (finished, failed, cancelled or dead). */
  readonly finished = new Promise<void>((resolve) => (this.settle = resolve));
  readonly cancelFlag = new Int32Array(new SharedArrayBuffer(4));

  constructor(readonly id: number) {}

  get settled(): boolean {
    return this.ended;
  }

  push(samples: Int16Array) {
    this.queue.push(samples);
    this.wake?.();
  }

  end(error?: unknown) {
    if (this.ended) return;
    this.ended = true;
    this.error = error;
    this.settle();
    this.wake?.();
  }

  cancel() {
    Atomics.store(this.cancelFlag, 0, 1);
  }

  async *drain(signal: AbortSignal | undefined): AsyncGenerator<Int16Array> {
    const onAbort = () => this.wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      for (;;) {
        signal?.throwIfAborted();
        const next = this.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (this.ended) {
          if (this.error) throw this.error;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

interface WorkerHandle {
  worker: Worker;
  ready: Promise<void>;
  /** The call this worker is speaking, if any. */
  current: Call | undefined;
}

class EspeakEngine implements SpeechEngine {
  readonly name = 'espeak' as const;
  readonly sampleRate = SAMPLE_RATE;
  readonly maxChunkChars = 5_000;
  readonly defaultVoice = ESPEAK_VOICES[0]!.id;

  private readonly workerUrl: URL;
  private readonly stallTimeoutMs: number;
  private handle: WorkerHandle | undefined;
  private nextId = 1;
  private turn: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(options: EspeakEngineOptions) {
    this.workerUrl = options.workerUrl ?? new URL('./espeak-worker.mjs', import.meta.url);
    this.stallTimeoutMs = options.stallTimeoutMs ?? 30_000;
  }

  async voices(): Promise<Voice[]> {
    return ESPEAK_VOICES.map(({ id, name, premium }) => ({ id, name, premium }));
  }

  async *synthesize(text: string, options: SynthesizeOptions): AsyncGenerator<Int16Array> {
    const voice = ESPEAK_VOICES.find((v) => v.id === options.voice);
    if (!voice) throw new SpeechError(`espeak has no voice "${options.voice}"`);
    const { signal } = options;
    signal?.throwIfAborted();
    if (this.closed) throw new SpeechError('The espeak engine is closed');
    if (!text.trim()) return;

    const release = await this.waitTurn(signal);
    const call = new Call(this.nextId++);
    void call.finished.then(release);
    let handle: WorkerHandle | undefined;
    let posted = false;
    try {
      if (this.closed) throw new SpeechError('The espeak engine is closed');
      handle = this.ensureWorker();
      handle.current = call;
      handle.worker.ref();
      await abortable(handle.ready, signal); // a cold start compiles the wasm and loads the voice data
      this.watch(call, handle);
      handle.worker.postMessage({ type: 'synthesize', id: call.id, text, voice: voice.espeak, cancel: call.cancelFlag });
      posted = true;
      yield* call.drain(signal);
    } finally {
      if (!posted) call.end();
      else if (!call.settled) {
        call.cancel();
        this.retireIfNotFinishedWithin(call, handle!, 5_000);
      }
      void call.finished.then(() => handle?.worker.unref());
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return;
    handle.current?.end(new SpeechError('The espeak engine was closed'));
    await handle.worker.terminate();
  }

  /** Calls run one at a time: espeak is synchronous inside its worker. */
  private async waitTurn(signal: AbortSignal | undefined): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.turn;
    this.turn = previous.then(() => mine);
    try {
      await abortable(previous, signal);
    } catch (error) {
      void previous.then(release);
      throw error;
    }
    return release;
  }

  private ensureWorker(): WorkerHandle {
    if (this.handle) return this.handle;
    const worker = new Worker(this.workerUrl);
    worker.unref();
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    ready.catch(() => {});
    const handle: WorkerHandle = { worker, ready, current: undefined };
    this.handle = handle;

    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        if (message.sampleRate === SAMPLE_RATE) return markReady();
        failStart(new SpeechError(`espeak-ng speaks at ${message.sampleRate} Hz, not ${SAMPLE_RATE}`));
        return this.retire(handle);
      }
      const call = handle.current;
      if (!call || call.id !== message.id) return; // a cancelled call's late audio
      if (message.type === 'pcm') call.push(message.samples);
      else if (message.type === 'done') call.end();
      else {
        call.end(new SpeechError(`espeak-ng failed: ${message.message}`));
        this.retire(handle); // its wasm state may be broken: start afresh next time
      }
    });
    const died = (reason: string, cause?: unknown) => {
      if (this.handle === handle) this.handle = undefined;
      const error = new SpeechError(`The espeak worker stopped: ${reason}`, { cause });
      failStart(error);
      handle.current?.end(error);
    };
    worker.on('error', (error) => died(error.message, error));
    worker.on('exit', (code) => died(`exit code ${code}`));
    return handle;
  }

  private retire(handle: WorkerHandle) {
    if (this.handle === handle) this.handle = undefined;
    void handle.worker.terminate();
  }

  /** Fails the call and replaces the worker when nothing has come from it for stallTimeoutMs. */
  private watch(call: Call, handle: WorkerHandle) {
    let lastSeen = Date.now();
    const seen = () => (lastSeen = Date.now());
    handle.worker.on('message', seen);
    const timer = setInterval(() => {
      if (Date.now() - lastSeen < this.stallTimeoutMs) return;
      call.end(new SpeechError(`espeak-ng produced nothing for ${this.stallTimeoutMs} ms`));
      this.retire(handle);
    }, Math.min(1_000, this.stallTimeoutMs));
    timer.unref();
    void call.finished.then(() => {
      clearInterval(timer);
      handle.worker.off('message', seen);
    });
  }

  /** A cancelled call normally stops within one espeak buffer; a worker that does not is replaced. */
  private retireIfNotFinishedWithin(call: Call, handle: WorkerHandle, ms: number) {
    const timer = setTimeout(() => {
      call.end(new SpeechError('espeak-ng did not stop when cancelled'));
      this.retire(handle);
    }, ms);
    timer.unref();
    void call.finished.then(() => clearTimeout(timer));
  }
}

/** Rejects with the signal's reason when it aborts first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The embedded espeak-ng voice. The worker starts on the first call; close() ends it. */
export function createEspeakEngine(options: EspeakEngineOptions = {}): SpeechEngine {
  return new EspeakEngine(options);
}
