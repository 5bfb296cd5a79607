/**
 * The embedded voices with natural ones on top: a podcast whose voice is an installed natural voice
 * (Piper or Kokoro through sherpa-onnx, in a worker thread, natural-worker.mjs) is spoken by it;
 * every other voice id goes to espeak-ng as before. It is still the `espeak` engine to the rest of
 * the server (TTS_PROVIDER=espeak: the voices that need no key).
 *
 * A natural voice never fails a podcast: when it is not installed, its model does not load, its
 * folder was removed or its worker fails, the sentence is spoken by espeak's voice of the same
 * language and gender, and the reason is logged (once per voice and reason) and kept (`fallbacks`).
 * A model is loaded in a child process first (natural-load-check.ts), because sherpa-onnx aborts the
 * process that loads a broken one; a check that failed (timed out on a busy machine, or crashed) is
 * tried again after a back-off (1 min, 5 min, 30 min, then hourly), not only at the next restart.
 * Where the sherpa-onnx addon cannot load at all (natural-runtime.ts), that is logged once at start
 * and every natural voice is "unavailable": espeak speaks, and nothing is downloaded.
 *
 * PCM is handed over at espeak's rate (22,050 Hz), resampled in the worker when a model's differs,
 * so an episode can switch between the two without its encoder noticing.
 */
import type { Logger } from '../../lib/logger.ts';
import { installBackoff, type VoiceStore } from '../voices/voice-store.ts';
import { createWorkerPool, type WorkerLease, type WorkerPool } from '../workers/worker-pool.ts';
import type { NaturalVoiceState } from '../../../shared/api/premium.ts';
import type { SpeechEngine, SynthesizeOptions, Voice } from './engine.ts';
import type { LanguageVoice } from './language-voices.ts';
import { checkVoiceLoads, type LoadCheck } from '../voices/natural-load-check.ts';
import { checkNaturalRuntime, type NaturalRuntime } from './natural-runtime.ts';
import { missingVoiceFile, sherpaTtsConfig, type SherpaTtsConfig } from '../voices/natural-model.ts';
import { SpeechError } from './speech-error.ts';
import { naturalVoices, offeredByDefault, type CatalogueVoice, type NaturalVoice } from '../voices/voice-catalogue.ts';
import { bindCall, Call, type CallMessage } from './worker-call.ts';

export interface NaturalEngineOptions {
  store: VoiceStore;
  /** The espeak engine under the natural voices: every other voice, and every fallback. */
  espeak: SpeechEngine;
  logger?: Logger;
  /** Install the language's voice in the background the first time an article in it is spoken. */
  downloadOnFirstUse?: boolean;
  /** The real-time factor above which a voice is not a language's default (MAX_LISTENING_RTF). */
  maxRealTimeFactor?: number;
  workerUrl?: URL;
  /** How long a sentence may take before its worker is taken to be hung. */
  stallTimeoutMs?: number;
  /** Whether sherpa-onnx runs here (tests stand in for a system it does not run on). */
  runtime?: () => Promise<NaturalRuntime>;
  /** Loads a model apart (tests stand in for one that times out). */
  checkVoice?: (config: SherpaTtsConfig) => Promise<LoadCheck>;
  /** The clock the load checks' back-off reads. */
  now?: () => number;
}



type Readiness = { ok: true; config: SherpaTtsConfig; rtf: number } | { ok: false; reason: string };

/** A voice slower than this (seconds to make a second of speech) cannot keep ahead of a listener while it is made. */
export const MAX_LISTENING_RTF = 0.8;

/** espeak's voice for a natural voice's language and gender. */
export function espeakStandIn(voice: Pick<NaturalVoice, 'language' | 'gender'>): string {
  const female = voice.gender === 'female';
  if (voice.language === 'en') return female ? 'en-us-female' : 'en-us';
  return female ? `${voice.language}-female` : voice.language;
}

export interface NaturalEngine extends SpeechEngine {
  /** Why each natural voice last fell back to espeak, by voice id. */
  readonly fallbacks: ReadonlyMap<string, string>;
  naturalStates(): NaturalVoiceState[];
}

export function createNaturalEngine(options: NaturalEngineOptions): NaturalEngine {
  const { store, espeak } = options;
  const log = options.logger?.child({ component: 'natural-voices' });
  const all = naturalVoices(store.catalogue);
  const byId = new Map(all.map((v) => [v.id, v]));
  const pool: WorkerPool = createWorkerPool({
    url: options.workerUrl ?? new URL('./natural-worker.mjs', import.meta.url),
    ready: (message) => (message as CallMessage).type === 'ready',
  });
  const readiness = new Map<string, Promise<Readiness>>();
  /** Load checks that failed in a row, by model: the reason and when the next may run. */
  const checkFailures = new Map<string, { count: number; reason: string; nextTry: number }>();
  const now = options.now ?? Date.now;
  const checkVoice = options.checkVoice ?? ((config: SherpaTtsConfig) => checkVoiceLoads(config));
  /** Null until checked; the reason when sherpa-onnx cannot run here. */
  let runtime: NaturalRuntime | null = null;
  const runtimeChecked = (options.runtime ?? checkNaturalRuntime)().then((answer) => {
    runtime = answer;
    if (!answer.ok) log?.warn(`natural voices cannot run on this system: ${answer.reason}; espeak speaks instead`);
    return answer;
  });
  /** Each checked model's real-time factor here. */
  const speeds = new Map<string, number>();
  const maxRtf = options.maxRealTimeFactor ?? MAX_LISTENING_RTF;
  /** Fast enough to be a default: measured under the limit, or not measured yet. */
  const keepsUp = (voice: NaturalVoice) => (speeds.get(voice.model.id) ?? 0) <= maxRtf;
  /** May be a default: fast enough, and its licence allows a paid service. */
  const canDefault = (voice: NaturalVoice) => keepsUp(voice) && offeredByDefault(voice.model);
  const fallbacks = new Map<string, string>();
  const stallTimeoutMs = options.stallTimeoutMs ?? 60_000;
  let nextId = 1;
  let closed = false;

  const installedVoices = () => (runtime?.ok === false ? [] : all.filter((v) => store.installed(v.model.id)));

  /** Starts installing the language's confirmed voice when downloads on first use are allowed; the store logs a failure. */
  function downloadVoiceOf(language: string): void {
    if (!options.downloadOnFirstUse || runtime?.ok === false) return;
    const model = store.catalogue.find((m) => m.language === language && offeredByDefault(m) && m.kind === 'piper');
    if (model) store.install(model.id).catch(() => {});
  }

  /** Whether the model's files are all there and it loaded once in a process of its own. */
  async function ready(model: CatalogueVoice): Promise<Readiness> {
    const here = runtime ?? (await runtimeChecked);
    if (!here.ok) return { ok: false, reason: `natural voices cannot run on this system: ${here.reason}` };
    const installed = store.installed(model.id);
    if (!installed) {
      readiness.delete(model.id);
      return Promise.resolve({ ok: false, reason: `${model.id} is not installed (or its folder was removed)` });
    }
    const missing = missingVoiceFile(model, installed.dir);
    if (missing) return Promise.resolve({ ok: false, reason: `${model.id} lacks ${missing}` });
    // A failed check is tried again once its back-off has passed.
    const failed = checkFailures.get(model.id);
    if (failed && now() >= failed.nextTry) readiness.delete(model.id);
    let known = readiness.get(model.id);
    if (!known) {
      const config = sherpaTtsConfig(model, installed.dir);
      known = checkVoice(config).then((check): Readiness => {
        if (!check.ok) {
          const count = (checkFailures.get(model.id)?.count ?? 0) + 1;
          const nextTry = now() + installBackoff(count);
          checkFailures.set(model.id, { count, reason: check.reason, nextTry });
          log?.warn(check.how === 'timeout' ? 'a natural voice\'s load check timed out' : 'a natural voice does not load', {
            voice: model.id, how: check.how, reason: check.reason, nextTry: new Date(nextTry).toISOString(),
          });
          return { ok: false, reason: check.reason };
        }
        checkFailures.delete(model.id);
        speeds.set(model.id, check.rtf);
        if (check.rtf > maxRtf) log?.warn('a natural voice is too slow here to play while it is made', { voice: model.id, rtf: Number(check.rtf.toFixed(2)) });
        return { ok: true, config, rtf: check.rtf };
      });
      readiness.set(model.id, known);
    }
    return known;
  }

  /** Work at start that holds no memory after: a sweep, a first download, load checks in child processes. */
  async function prepare(): Promise<void> {
    // What a crash left in DATA_DIR/voices goes, in the background (installs under way are left alone).
    void store.sweep().catch((err: unknown) => log?.warn('could not sweep the voices folder', { error: String(err) }));
    await runtimeChecked;
    // The first start fetches the English voice in the background, so the first podcast may have it.
    if (!installedVoices().some((v) => v.language === 'en')) downloadVoiceOf('en');
    // The installed voices' load checks run now, so a podcast's first sentence does not wait for them.
    const models = [...new Set(installedVoices().map((v) => v.model))];
    await Promise.all(models.map((model) => ready(model)));
  }

  function fallBack(voice: NaturalVoice, reason: string) {
    if (fallbacks.get(voice.id) !== reason) log?.warn('a natural voice fell back to espeak', { voice: voice.id, reason, espeak: espeakStandIn(voice) });
    fallbacks.set(voice.id, reason);
  }

  async function* speakNatural(voice: NaturalVoice, config: SherpaTtsConfig, text: string, signal?: AbortSignal): AsyncGenerator<Int16Array> {
    const lease: WorkerLease = await pool.acquire(signal);
    const call = new Call(nextId++);
    const retire = bindCall(lease, call, (message) => ({ error: new SpeechError(`The natural voice ${voice.id} failed: ${message}`), retire: false }));
    lease.onStop((error) => {
      retire();
      call.end(new SpeechError(closed ? 'The natural voices were closed' : `The natural voice worker stopped: ${error.message}`, { cause: error }));
    });
    const timer = setTimeout(() => {
      call.end(new SpeechError(`The natural voice ${voice.id} produced nothing for ${stallTimeoutMs} ms`));
      retire();
    }, stallTimeoutMs);
    timer.unref();
    void call.finished.then(() => clearTimeout(timer));
    lease.post({ type: 'synthesize', id: call.id, voice: voice.model.id, config, sid: voice.sid, text, sampleRate: espeak.sampleRate, cancel: call.cancelFlag });
    try {
      yield* call.drain(signal);
    } finally {
      if (!call.settled) call.cancel(); // the sentence in progress finishes; its audio is dropped
    }
  }

  return {
    name: 'espeak',
    sampleRate: espeak.sampleRate,
    maxChunkChars: Math.min(espeak.maxChunkChars, 2_000),
    concurrency: 1,
    fallbacks,
    get defaultVoice() {
      return installedVoices().find((v) => v.language === 'en' && canDefault(v))?.id ?? espeak.defaultVoice;
    },
    async voices(): Promise<Voice[]> {
      const natural = installedVoices();
      const fallbackDefault = natural.find((v) => v.language === 'en' && canDefault(v))?.id;
      const espeakVoices = (await espeak.voices()).map((v) => (fallbackDefault ? { ...v, premium: true } : v));
      const named = (v: NaturalVoice) => {
        const name = offeredByDefault(v.model) ? v.name : `${v.name} (licence: ${v.model.licenceUse === 'non-commercial' ? 'non-commercial' : 'unclear'})`;
        return keepsUp(v) ? name : `${name} (too slow here to play while it is made)`;
      };
      return [...natural.map((v) => ({ id: v.id, name: named(v), premium: v.id !== fallbackDefault })), ...espeakVoices];
    },
    naturalStates() {
      return store.list().map(({ voice, state }): NaturalVoiceState => {
        const base = { id: voice.id, name: voice.name, language: voice.language };
        if (runtime && !runtime.ok) return { ...base, state: 'unavailable', reason: runtime.reason };
        switch (state.state) {
          case 'installed': {
            const failed = checkFailures.get(voice.id);
            return failed ? { ...base, state: 'failed', reason: failed.reason, nextTry: new Date(failed.nextTry).toISOString() } : { ...base, state: 'installed' };
          }
          case 'downloading':
            return { ...base, state: 'downloading', received: state.received, total: state.total ?? voice.approxBytes };
          case 'failed':
            return { ...base, state: 'failed', reason: state.reason, nextTry: state.nextTry.toISOString() };
          default:
            return { ...base, state: state.state };
        }
      });
    },
    downloads() {
      return store.list().flatMap(({ voice, state }) =>
        state.state === 'downloading' ? [{ id: voice.id, name: voice.name, received: state.received, total: state.total ?? voice.approxBytes }] : [],
      );
    },
    naturalVoices(language: string): readonly LanguageVoice[] {
      const installed = installedVoices().filter((v) => v.language === language);
      // The first article in a language is spoken by espeak while its voice downloads.
      if (installed.length === 0) downloadVoiceOf(language);
      const here = installed.filter(keepsUp);
      // The licensed-for-this-service voices first; the others only speak when chosen.
      const ordered = [...here.filter((v) => offeredByDefault(v.model)), ...here.filter((v) => !offeredByDefault(v.model))];
      return ordered.map(({ id, language: l, gender, model }) => ({ id, language: l, gender, ...(offeredByDefault(model) ? {} : { chosenOnly: true }) }));
    },
    async *synthesize(text: string, synth: SynthesizeOptions): AsyncGenerator<Int16Array> {
      const voice = byId.get(synth.voice);
      if (!voice) return yield* espeak.synthesize(text, synth);
      if (closed) throw new SpeechError('The natural voices are closed');
      const state = await ready(voice.model);
      if (!state.ok) {
        fallBack(voice, state.reason);
        return yield* espeak.synthesize(text, { ...synth, voice: espeakStandIn(voice) });
      }
      let spoke = false;
      try {
        for await (const pcm of speakNatural(voice, state.config, text, synth.signal)) {
          spoke = true;
          yield pcm;
        }
      } catch (error) {
        synth.signal?.throwIfAborted();
        if (spoke) throw error; // part of the sentence was heard: the episode retries it whole
        readiness.delete(voice.model.id); // checked again next time
        fallBack(voice, (error as Error).message);
        yield* espeak.synthesize(text, { ...synth, voice: espeakStandIn(voice) });
      }
    },
    prepare,
    async warmUp() {
      await Promise.all([prepare(), espeak.warmUp?.()]);
    },
    async close() {
      closed = true;
      await Promise.all([pool.close(), espeak.close()]);
    },
  };
}
