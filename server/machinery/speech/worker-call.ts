/**
 * One synthesize call's PCM between a voice worker thread and the caller's loop: the worker's
 * messages push audio in as it comes, the caller drains it, and the worker is told to stop (a flag
 * in shared memory, since a synchronous synthesis cannot read messages) when the caller leaves early.
 */
import type { WorkerLease } from '../workers/worker-pool.ts';

/** What a voice worker says about a call (and, once, that it is ready). */
export type CallMessage =
  | { type: 'ready' }
  | { type: 'pcm'; id: number; samples: Int16Array }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string };

/** One synthesize call's PCM, queued between the worker's messages and the caller's loop. */
export class Call {
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

/**
 * Binds `call` to the worker it leased: the worker's audio and its end reach the call, and the worker
 * goes back to the pool once the call is finished, unless it was retired (the returned function:
 * hung, stopped, or its state broken). `failed` turns a worker's failure into the call's error and
 * says whether the worker must be replaced.
 */
export function bindCall(lease: WorkerLease, call: Call, failed: (message: string) => { error: Error; retire: boolean }): () => void {
  let retired = false;
  const retire = () => {
    if (retired) return;
    retired = true;
    lease.retire();
  };
  void call.finished.then(() => {
    if (!retired) lease.release();
  });
  lease.onMessage((raw) => {
    const message = raw as CallMessage;
    if (message.type === 'ready' || message.id !== call.id) return; // a cancelled call's late audio
    if (message.type === 'pcm') call.push(message.samples);
    else if (message.type === 'done') call.end();
    else {
      const failure = failed(message.message);
      call.end(failure.error);
      if (failure.retire) retire();
    }
  });
  return retire;
}
