// The extraction worker, except that a page containing STALL never finishes: for the deadline test.
import { parentPort } from 'node:worker_threads';

const on = parentPort.on.bind(parentPort);
parentPort.on = (event, listener) =>
  on(event, event !== 'message' ? listener : (message) => {
    if (message.html?.includes('STALL')) for (;;);
    listener(message);
  });
await import('../extract-worker.mjs');
