/**
 * Runs a list of stages (the contract is in ports.ts). What a finished stage leaves behind is kept by
 * a StageRecord (the podcast row for a job, memory for the CLI), so a restarted run skips every stage
 * already done and resumes after the last one that finished.
 */
import { RetryableError } from '../errors.ts';
import type { AnyStage, StageRecord } from './ports.ts';

/**
 * Runs the stages in order, each on the previous one's output. A stage the record already holds is
 * skipped; a failure becomes a RetryableError when the stage says it is worth another attempt.
 */
export async function runStages(stages: readonly AnyStage[], input: unknown, record: StageRecord, signal: AbortSignal): Promise<unknown> {
  let value = input;
  for (const stage of stages) {
    const saved = await record.load(stage.name);
    if (saved !== undefined) {
      value = saved;
      continue;
    }
    signal.throwIfAborted();
    await record.started(stage.name);
    try {
      value = await stage.run(value, { signal, progress: (done, total) => record.progress(stage.name, done, total) });
    } catch (err) {
      if (signal.aborted || err instanceof RetryableError || !stage.retryable(err)) throw err;
      throw new RetryableError(`${stage.name} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    await record.save(stage.name, value);
  }
  return value;
}

/** A record that keeps nothing: every stage runs (the CLI, a request's intake). */
export const freshRun: StageRecord = {
  load: async () => undefined,
  save: async () => {},
  started: async () => {},
  progress: async () => {},
};
