import { describe, expect, it } from 'vitest';
import { AppError, RetryableError } from '../errors.ts';
import type { Stage, StageName, StageRecord } from './ports.ts';
import { freshRun, runStages } from './run-stages.ts';

const stage = (name: StageName, run: (input: number) => number | Promise<number>, retryable = false): Stage<number, number> => ({
  name,
  run: async (input) => run(input),
  retryable: () => retryable,
});

const signal = new AbortController().signal;

describe('running stages', () => {
  it('feeds each stage the previous one’s output and saves every output', async () => {
    const saved: [StageName, unknown][] = [];
    const record: StageRecord = { ...freshRun, save: async (name, output) => void saved.push([name, output]) };
    const result = await runStages([stage('fetch', (n) => n + 1), stage('extract', (n) => n * 10)], 1, record, signal);
    expect(result).toBe(20);
    expect(saved).toEqual([
      ['fetch', 2],
      ['extract', 20],
    ]);
  });

  it('skips the stages a record already holds and resumes after the last one', async () => {
    const ran: StageName[] = [];
    const track = (name: StageName, f: (n: number) => number) => stage(name, (n) => (ran.push(name), f(n)));
    const record: StageRecord = { ...freshRun, load: async (name) => (name === 'fetch' || name === 'extract' ? 7 : undefined) };
    const result = await runStages([track('fetch', () => 0), track('extract', () => 0), track('script', (n) => n + 1)], 0, record, signal);
    expect(ran).toEqual(['script']);
    expect(result).toBe(8);
  });

  it('turns a failure the stage calls retryable into a RetryableError, and passes others through', async () => {
    const fault = new Error('provider timed out');
    const retried = await runStages([stage('speech', () => Promise.reject(fault), true)], 0, freshRun, signal).catch((e) => e);
    expect(retried).toBeInstanceOf(RetryableError);
    expect(retried).toMatchObject({ message: 'speech failed: provider timed out', cause: fault });

    const answer = new AppError('NO_READABLE_CONTENT', { message: 'nothing to read' });
    expect(await runStages([stage('prepare', () => Promise.reject(answer))], 0, freshRun, signal).catch((e) => e)).toBe(answer);
  });

  it('stops before the next stage once the run is aborted', async () => {
    const controller = new AbortController();
    const ran: StageName[] = [];
    const stages = [
      stage('script', (n) => (ran.push('script'), controller.abort(new Error('shutting down')), n)),
      stage('speech', (n) => (ran.push('speech'), n)),
    ];
    await expect(runStages(stages, 0, freshRun, controller.signal)).rejects.toThrow('shutting down');
    expect(ran).toEqual(['script']);
  });
});
