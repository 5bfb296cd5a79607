import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

// A worker that says it is ready, then echoes each message after `ms` milliseconds, or never answers.
const ECHO = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    parentPort.postMessage({ ready: true, pid: Math.random() });
    parentPort.on('message', ({ id, ms, hang }) => {
      if (hang) for (;;);
      setTimeout(() => parentPort.postMessage({ id, at: Date.now() }), ms);
    });
  `)}`,
);

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
});

/** Leases a worker, sends one message and answers the reply (or the stop error). */
async function ask(p: WorkerPool, id: number, extra: { ms?: number; hang?: boolean } = {}) {
  const lease = await p.acquire();
  const started = Date.now();
  return new Promise<{ id: number; started: number; at: number }>((resolve, reject) => {
    lease.onStop(reject);
    lease.onMessage((message) => {
      const reply = message as { id: number; at: number };
      if (reply.id !== id) return;
      lease.release();
      resolve({ ...reply, started });
    });
    lease.post({ id, ms: extra.ms ?? 20, hang: extra.hang });
  });
}

describe('the worker pool', () => {
  it('gives each worker one task at a time, in the order they were asked', async () => {
    pool = createWorkerPool({ url: ECHO, ready: (m) => (m as { ready?: boolean }).ready === true });
    const replies = await Promise.all([1, 2, 3].map((id) => ask(pool!, id, { ms: 50 })));
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3]);
    // The second task started only after the first answered.
    expect(replies[1]!.started).toBeGreaterThanOrEqual(replies[0]!.at);
    expect(replies[2]!.started).toBeGreaterThanOrEqual(replies[1]!.at);
  });

  it('runs tasks side by side up to its size', async () => {
    pool = createWorkerPool({ url: ECHO, size: 2, ready: (m) => (m as { ready?: boolean }).ready === true });
    const started = Date.now();
    await Promise.all([1, 2].map((id) => ask(pool!, id, { ms: 1000 })));
    expect(Date.now() - started).toBeLessThan(1900); // one after the other would take over 2000 ms
  });

  it('replaces a retired worker, so a hung task does not block the next one', async () => {
    pool = createWorkerPool({ url: ECHO, ready: (m) => (m as { ready?: boolean }).ready === true });
    const lease = await pool.acquire();
    lease.post({ id: 1, hang: true });
    setTimeout(() => lease.retire(), 100);
    expect((await ask(pool, 2)).id).toBe(2);
  });

  it('refuses a worker its readiness check rejects', async () => {
    pool = createWorkerPool({ url: ECHO, ready: () => new Error('wrong sample rate') });
    await expect(pool.acquire()).rejects.toThrow('wrong sample rate');
  });
});
