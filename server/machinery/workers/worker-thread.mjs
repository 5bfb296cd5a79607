// What every worker thread of the server does (espeak, natural voices, the encoder): it runs below
// the main thread's priority, and answers its messages one at a time: a handler's answer is posted,
// a fault answered { type: 'failed', id, message }. Plain JavaScript, so a worker loads it the same
// way from the build, under tsx, plain node and vitest.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';

/** Background work: on Linux a thread's nice value is its own, so requests on the main thread go first. */
export function lowerPriority() {
  try {
    os.setPriority(10);
  } catch {
    // not permitted here: run at the normal priority
  }
}

/**
 * Handles each message in turn (`handle` may be async; the next waits for it) and posts what it
 * answers; tells the parent `ready` (once the worker has loaded). `failed` hears a fault first.
 */
export function serveMessages(handle, { ready = { type: 'ready' }, failed = () => {} } = {}) {
  let queue = Promise.resolve();
  parentPort.on('message', (message) => {
    queue = queue.then(async () => {
      try {
        const answer = await handle(message);
        if (answer) parentPort.postMessage(answer);
      } catch (error) {
        failed(error);
        parentPort.postMessage({ type: 'failed', id: message?.id ?? null, message: String(error?.message ?? error) });
      }
    });
  });
  parentPort.postMessage(ready);
}
