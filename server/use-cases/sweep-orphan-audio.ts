/**
 * Removes stored audio that no podcast names any more: what a write racing a delete left, or a crash
 * between a podcast's deletion and its audio's. A key written within `graceMs` is left alone (a job
 * may be about to name it), so the sweep can run beside jobs, in any number of processes.
 */
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { referencedAudioKeys } from '../repositories/segment-repository.ts';
import type { AudioStore, StoredKey } from '../machinery/audio/store.ts';

/** Audio younger than this is never swept. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** How often a process that runs jobs sweeps. */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 500;

export async function sweepOrphanAudio(
  deps: { db: Database; audio: Pick<AudioStore, 'keys' | 'remove'>; logger: Logger },
  { graceMs = ORPHAN_GRACE_MS, now = Date.now() } = {},
): Promise<number> {
  let removed = 0;
  let batch: StoredKey[] = [];
  const sweep = async () => {
    const named = await referencedAudioKeys(deps.db, batch.map((k) => k.key));
    for (const { key } of batch.filter((k) => !named.has(k.key) && now - k.modifiedMs > graceMs)) {
      await deps.audio.remove(key);
      removed++;
    }
    batch = [];
  };
  for await (const stored of deps.audio.keys()) {
    batch.push(stored);
    if (batch.length >= BATCH) await sweep();
  }
  await sweep();
  if (removed > 0) deps.logger.info('removed audio no podcast names', { removed });
  return removed;
}

/** Sweeps now and every `intervalMs` until stopped; a failed sweep is logged and tried at the next. */
export function scheduleOrphanSweep(
  deps: Parameters<typeof sweepOrphanAudio>[0],
  { intervalMs = ORPHAN_SWEEP_INTERVAL_MS, graceMs = ORPHAN_GRACE_MS } = {},
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweepOrphanAudio(deps, { graceMs }).catch((err) => deps.logger.warn('the sweep of orphaned audio failed', { err }));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
