/**
 * The pipeline's one stage contract. A stage turns its input into its output and says which of its
 * errors are worth another attempt. What a finished stage leaves behind is kept by a StageRecord
 * (the podcast row for a job, memory for the CLI), so a restarted run skips every stage already done
 * and resumes after the last one that finished.
 */
import { RetryableError } from '../errors.ts';

export type StageName = 'fetch' | 'extract' | 'prepare' | 'script' | 'speech' | 'store';

export interface StageContext {
  signal: AbortSignal;
  /** Reports how far the stage is (done of total parts), for progress bars. */
  progress(done: number, total: number): Promise<void>;
}

export interface Stage<In, Out> {
  readonly name: StageName;
  run(input: In, ctx: StageContext): Promise<Out>;
  /** Whether a failure of this stage may succeed on another attempt of the job. */
  retryable(error: unknown): boolean;
}

/** Where a run keeps the stages' outputs. */
export interface StageRecord {
  /** The output an earlier run saved for this stage, or undefined when the stage must run. */
  load(stage: StageName): Promise<unknown>;
  /** Keeps the stage's output before the next stage starts. */
  save(stage: StageName, output: unknown): Promise<void>;
  /** The stage is about to run (a job shows its status). */
  started(stage: StageName): Promise<void>;
  progress(stage: StageName, done: number, total: number): Promise<void>;
}

// Stages are typed one by one; the list holds them as links of one chain.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStage = Stage<any, any>;

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
