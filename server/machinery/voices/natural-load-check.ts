/**
 * Whether a natural voice loads and speaks, tried in a child process (natural-load-check.mjs):
 * sherpa-onnx aborts the process that loads a broken model, and that must never be the server.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SherpaTtsConfig } from './natural-model.ts';

/**
 * `rtf`: seconds the voice takes to make a second of speech here (its real-time factor). A failure
 * says how: `timeout` (the check ran out of time, as on a busy machine: worth trying again), `crashed`
 * (the model killed its process), `failed` (it loaded but said no).
 */
export type LoadCheck =
  | { ok: true; sampleRate: number; speakers: number; rtf: number }
  | { ok: false; reason: string; how: 'timeout' | 'crashed' | 'failed' };

const DEFAULT_TIMEOUT_MS = 120_000;

const SCRIPT = fileURLToPath(new URL('./natural-load-check.mjs', import.meta.url));

/** Loads the voice apart and speaks a word; never throws. */
export function checkVoiceLoads(config: SherpaTtsConfig, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<LoadCheck> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, JSON.stringify(config)],
      { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal: options.signal, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        const last = stdout.trim().split('\n').pop() ?? '';
        let answer: { ok?: boolean; sampleRate?: number; speakers?: number; rtf?: number; reason?: string } = {};
        try {
          answer = JSON.parse(last) as typeof answer;
        } catch {
          // no answer: the process died before it could give one
        }
        if (!error && answer.ok && answer.sampleRate) return resolve({ ok: true, sampleRate: answer.sampleRate, speakers: answer.speakers ?? 0, rtf: answer.rtf ?? 0 });
        if (error?.killed && !options.signal?.aborted) {
          const seconds = Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000);
          return resolve({ ok: false, how: 'timeout', reason: `The voice model did not finish loading within ${seconds} s (the machine may be busy; it is tried again later)` });
        }
        const said = (answer.reason ?? stderr.trim().split('\n').filter(Boolean).slice(-2).join(' ')) || (error?.message ?? 'no answer');
        const crashed = Boolean(error?.signal) || (error !== null && answer.ok === undefined);
        resolve({ ok: false, how: crashed ? 'crashed' : 'failed', reason: `The voice model ${error?.signal ? `died (${error.signal})` : 'failed'} while loading: ${said.slice(0, 300)}` });
      },
    );
  });
}
