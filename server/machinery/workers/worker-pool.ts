/**
 * CPU work off the event loop: a pool of worker threads running one module, each doing one task at
 * a time. A caller leases a started (and, when the module says so, ready) worker, talks to it by
 * messages, and releases it, or retires it when it hung or its state may be broken, so the next
 * lease gets a fresh one. Workers start on first use and do not keep the process alive while idle.
 * Extraction and the embedded voice use it; encoding can too.
 */
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';
import type { HeapInfo } from 'node:v8';

export interface WorkerLease {
  post(message: unknown, transfer?: readonly TransferListItem[]): void;
  /** Hears the worker's messages while the lease lasts. */
  onMessage(listener: (message: unknown) => void): void;
  /** Hears, once, that the worker stopped (it crashed, exited or the pool closed) during the lease. */
  onStop(listener: (error: Error) => void): void;
  /** The worker's memory in use: its JavaScript heap and what it holds outside it (ArrayBuffers), in bytes. */
  memory(): Promise<number>;
  /** Hands the worker to the next task. */
  release(): void;
  /** Ends the worker (it hung, or its state may be broken) and frees its place for a fresh one. */
  retire(): void;
}

export interface WorkerPool {
  /** Waits for a free worker, starting one if needed; rejects when it cannot start or `signal` aborts. */
  acquire(signal?: AbortSignal): Promise<WorkerLease>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  url: URL;
  /** Worker threads at most (default 1). */
  size?: number;
  /**
   * When given, a new worker's first messages are checked with it: true marks it ready, an Error
   * refuses it (acquire rejects with that error), false is not a readiness message.
   */
  ready?: (message: unknown) => boolean | Error;
  /** Each worker's heap limits: past them it stops (its lease hears it) and the next lease gets a fresh one. */
  resourceLimits?: ResourceLimits;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  lease: Lease | null;
}

interface Lease {
  messages: ((message: unknown) => void)[];
  stops: ((error: Error) => void)[];
  stopped: boolean;
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const size = options.size ?? 1;
  const slots: (Slot | null)[] = Array.from({ length: size }, () => null);
  const busy = new Set<number>();
  const waiting: (() => void)[] = [];
  let closed = false;

  const stopLease = (slot: Slot, error: Error) => {
    const lease = slot.lease;
    if (!lease || lease.stopped) return;
    lease.stopped = true;
    for (const listener of lease.stops) listener(error);
  };

  function start(index: number): Slot {
    const worker = new Worker(options.url, options.resourceLimits ? { resourceLimits: options.resourceLimits } : {});
    worker.unref();
    let markReady!: () => void;
    let refuse!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      refuse = reject;
    });
    ready.catch(() => {});
    if (!options.ready) markReady();
    let isReady = !options.ready;
    const slot: Slot = { worker, ready, lease: null };
    worker.on('message', (message: unknown) => {
      if (!isReady && options.ready) {
        const verdict = options.ready(message);
        if (verdict === true) {
          isReady = true;
          return markReady();
        }
        if (verdict instanceof Error) {
          refuse(verdict);
          return end(index, slot);
        }
      }
      for (const listener of slot.lease?.messages ?? []) listener(message);
    });
    const died = (error: Error) => {
      if (slots[index] === slot) slots[index] = null;
      refuse(error);
      stopLease(slot, error);
    };
    worker.on('error', (error) => died(error));
    worker.on('exit', (code) => died(new Error(`the worker stopped: exit code ${code}`)));
    return slot;
  }

  function end(index: number, slot: Slot) {
    if (slots[index] === slot) slots[index] = null;
    void slot.worker.terminate();
  }

  function free(index: number) {
    busy.delete(index);
    waiting.shift()?.();
  }

  /** Claims a free slot (marks it busy at once, so concurrent callers never share one). */
  async function claimSlot(signal?: AbortSignal): Promise<number> {
    for (;;) {
      if (closed) throw new Error('the worker pool is closed');
      signal?.throwIfAborted();
      const index = slots.findIndex((_, i) => !busy.has(i));
      if (index >= 0) {
        busy.add(index);
        return index;
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          waiting.splice(waiting.indexOf(wake), 1);
          reject(signal!.reason);
        };
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        waiting.push(wake);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
  }

  return {
    async acquire(signal) {
      const index = await claimSlot(signal);
      const slot = (slots[index] ??= start(index));
      const lease: Lease = { messages: [], stops: [], stopped: false };
      slot.lease = lease;
      slot.worker.ref();
      let done = false;
      const finish = (retire: boolean) => {
        if (done) return;
        done = true;
        if (slot.lease === lease) slot.lease = null;
        if (retire) end(index, slot);
        else slot.worker.unref();
        free(index);
      };
      try {
        await abortable(slot.ready, signal); // a cold start loads the module (and, for espeak, its wasm)
      } catch (error) {
        finish(!signal?.aborted);
        throw error;
      }
      return {
        post: (message, transfer) => slot.worker.postMessage(message, transfer),
        onMessage: (listener) => void lease.messages.push(listener),
        onStop: (listener) => void lease.stops.push(listener),
        memory: async () => {
          // Node 22's Worker#getHeapStatistics (the types here are Node 20's).
          const worker = slot.worker as typeof slot.worker & { getHeapStatistics(): Promise<HeapInfo> };
          const heap = await worker.getHeapStatistics();
          return heap.used_heap_size + heap.external_memory;
        },
        release: () => finish(false),
        retire: () => finish(true),
      };
    },
    async close() {
      closed = true;
      for (const wake of waiting.splice(0)) wake();
      await Promise.all(
        slots.map(async (slot, index) => {
          if (!slot) return;
          slots[index] = null;
          stopLease(slot, new Error('the worker pool was closed'));
          await slot.worker.terminate();
        }),
      );
    },
  };
}

/** Rejects with the signal's reason when it aborts first. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
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
