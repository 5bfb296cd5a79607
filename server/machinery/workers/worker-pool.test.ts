import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

// A worker that says it is ready, then echoes each message (with its own random id) after `ms` milliseconds, or never answers.
const ECHO = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    const pid = Math.random();
    parentPort.postMessage({ ready: true, pid });
    parentPort.on('message', ({ id, ms, hang }) => {
      if (hang) for (;;);
      setTimeout(() => parentPort.postMessage({ id, pid }), ms);
    });
  `)}`,
);

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
});

/** Leases a worker, sends one message and answers the reply (or the stop error); notes each step in `log`. */
async function ask(p: WorkerPool, id: number, extra: { ms?: number; hang?: boolean } = {}, log: string[] = []) {
  const lease = await p.acquire();
  log.push(`start ${id}`);
  return new Promise<{ id: number; pid: number }>((resolve, reject) => {
    lease.onStop(reject);
    lease.onMessage((message) => {
      const reply = message as { id: number; pid: number };
      if (reply.id !== id) return;
      log.push(`reply ${id}`);
      lease.release();
      resolve(reply);
    });
    lease.post({ id, ms: extra.ms ?? 20, hang: extra.hang });
  });
}

const ready = (m: unknown) => (m as { ready?: boolean }).ready === true;

describe('the worker pool', () => {
  it('gives each worker one task at a time, in the order they were asked', async () => {
    pool = createWorkerPool({ url: ECHO, ready });
    const log: string[] = [];
    const replies = await Promise.all([1, 2, 3].map((id) => ask(pool!, id, { ms: 50 }, log)));
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3]);
    // Each task started only after the one before answered.
    expect(log).toEqual(['start 1', 'reply 1', 'start 2', 'reply 2', 'start 3', 'reply 3']);
  });

  it('runs tasks side by side up to its size', async () => {
    pool = createWorkerPool({ url: ECHO, size: 2, ready });
    // Two leases held at once, on two workers; a third waits for one of them to be released.
    const [first, second] = await Promise.all([pool.acquire(), pool.acquire()]);
    let third = false;
    const waiting = pool.acquire().then((lease) => ((third = true), lease));
    const pids = await Promise.all(
      [first!, second!].map(
        (lease, id) =>
          new Promise<number>((resolve) => {
            lease.onMessage((m) => (m as { id: number }).id === id && resolve((m as { pid: number }).pid));
            lease.post({ id, ms: 20 });
          }),
      ),
    );
    expect(new Set(pids).size).toBe(2);
    expect(third).toBe(false);
    first!.release();
    (await waiting).release();
    expect(third).toBe(true);
    second!.release();
  });

  it('replaces a retired worker, so a hung task does not block the next one', async () => {
    pool = createWorkerPool({ url: ECHO, ready });
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
