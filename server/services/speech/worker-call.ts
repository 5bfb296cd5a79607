/**
 * One synthesize call's PCM between a voice worker thread and the caller's loop: the worker's
 * messages push audio in as it comes, the caller drains it, and the worker is told to stop (a flag
 * in shared memory, since a synchronous synthesis cannot read messages) when the caller leaves early.
 */
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

