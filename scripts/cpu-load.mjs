#!/usr/bin/env node
/**
 * CPU contention for testing under load: busy loops in worker threads (one a core by default, or
 * `--workers N`) until the process is stopped. `npm run test:stress` runs the tests beside it; run it
 * by hand beside anything else (`node scripts/cpu-load.mjs & …; kill %1`).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const at = process.argv.indexOf('--workers');
const count = at > 0 ? Number(process.argv[at + 1]) : os.availableParallelism();
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: node scripts/cpu-load.mjs [--workers N]  (N a whole number from 1)');
  process.exit(2);
}
// Each worker spins, allocating a little so the garbage collector runs too, as a busy neighbour's would.
const spin = 'for (;;) globalThis.sink = new Array(1000).fill(Math.random());';
for (let i = 0; i < count; i++) new Worker(spin, { eval: true });
console.log(`cpu-load: ${count} busy worker${count === 1 ? '' : 's'} (pid ${process.pid}); stop with SIGTERM or Ctrl+C`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
