import type { NaturalVoiceState } from '../../../shared/api/premium.ts';
import type { LanguageVoice } from './language-voices.ts';

/**
 * One interface for every voice engine: the embedded espeak-ng (wasm, in a worker thread) and any
 * OpenAI-compatible speech API. An engine turns one chunk of text into mono 16-bit PCM at its own
 * sample rate, handed over as it is produced so the episode encoder can start at once.
 */
export interface Voice {
  /** Stable id stored on a podcast, e.g. `en-us` (espeak) or `alloy` (OpenAI). */
  id: string;
  /** What a member reads in the voice picker. */
  name: string;
  /** Free members get the engine's default voice only. */
  premium: boolean;
}

export interface SynthesizeOptions {
  voice: string;
  signal?: AbortSignal;
}

export interface SpeechEngine {
  readonly name: 'espeak' | 'openai';
  /** Sample rate of the PCM this engine yields (Hz, mono). */
  readonly sampleRate: number;
  /** Longest text one synthesize call accepts (the OpenAI API takes at most 4,096 characters). */
  readonly maxChunkChars: number;
  readonly defaultVoice: string;
  /** Sentences worth asking for at once (a remote API); 1 when calls run one at a time. */
  readonly concurrency?: number;
  voices(): Promise<Voice[]>;
  /** Speaks one chunk; yields PCM as it is produced. Throws on provider faults. */
  synthesize(text: string, options: SynthesizeOptions): AsyncIterable<Int16Array>;
  /**
   * The natural voices installed for a language (ISO 639-1), best first; an engine without them
   * leaves this out. Asking may start that language's voice downloading for the next podcast.
   */
  naturalVoices?(language: string): readonly LanguageVoice[];
  /** The natural voices downloading now, with their progress. */
  downloads?(): { id: string; name: string; received: number; total: number | null }[];
  /** Each natural voice's state here (installed, downloading, failed, off, unavailable); an engine without them leaves this out. */
  naturalStates?(): NaturalVoiceState[];
  /** Work at start that leaves nothing resident (sweeps, first downloads, checks in child processes). */
  prepare?(): Promise<void>;
  /** Loads the engine ahead of the first call, so the first sentence does not wait for it (prepares it too). */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}
