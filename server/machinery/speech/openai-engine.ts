/**
 * The speech engine backed by any OpenAI-compatible speech API (OpenAI, or a self-hosted Kokoro or
 * LocalAI server at TTS_BASE_URL). It asks for raw PCM (24 kHz, 16-bit little-endian, mono) and
 * hands the samples over as the bytes arrive, so the episode encoder starts before the provider has
 * finished speaking. Faults are thrown as SpeechProviderError; the job that called retries them.
 */
import type OpenAI from 'openai';
import type { Logger } from '../../lib/logger.ts';
import {
  createOpenAiClient,
  describeProviderError,
  isRetryableProviderError,
  ProviderAnswerError,
} from '../script/openai-client.ts';
import type { SpeechEngine, SynthesizeOptions, Voice } from './engine.ts';

export const OPENAI_SPEECH_SAMPLE_RATE = 24_000;
/** The speech API refuses longer input. */
export const OPENAI_SPEECH_MAX_CHARS = 4096;
export const OPENAI_DEFAULT_VOICE = 'alloy';
/** Sentences asked for at once: enough to keep ahead of the listener, few enough to stay polite. */
export const OPENAI_SPEECH_CONCURRENCY = 3;
/** The longest silence allowed while waiting for the answer or between two pieces of audio. */
export const OPENAI_SPEECH_IDLE_TIMEOUT_MS = 60_000;

/** The built-in voices; the last four speak with gpt-4o-mini-tts only, not with tts-1 or tts-1-hd. */
const OPENAI_VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'];
const NEWER_MODEL_VOICES = ['ballad', 'verse', 'marin', 'cedar'];
const SERVICE = 'speech service';

export interface OpenAiSpeechEngineOptions {
  /** OpenAI's API when unset. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** e.g. tts-1, tts-1-hd, gpt-4o-mini-tts, or a self-hosted server's model name. */
  model: string;
  /** The free voice (TTS_VOICE); alloy when unset. Any name the provider knows, e.g. Kokoro's af_bella. */
  voice: string | undefined;
  logger: Logger;
  /** See OPENAI_SPEECH_IDLE_TIMEOUT_MS. */
  idleTimeoutMs?: number;
}

/** A speech request failed. `retryable` says whether trying again later may help. */
export class SpeechProviderError extends Error {
  override readonly name = 'SpeechProviderError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function createOpenAiSpeechEngine(options: OpenAiSpeechEngineOptions): SpeechEngine {
  const idleTimeoutMs = options.idleTimeoutMs ?? OPENAI_SPEECH_IDLE_TIMEOUT_MS;
  const defaultVoice = options.voice ?? OPENAI_DEFAULT_VOICE;
  const logger = options.logger.child({ service: 'speech', engine: 'openai', model: options.model });
  // The job retries with backoff, so one SDK attempt per call keeps the two from multiplying.
  const client = createOpenAiClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    maxRetries: 0,
    timeoutMs: idleTimeoutMs,
  });

  const voiceIds = [
    defaultVoice,
    ...OPENAI_VOICES,
    ...(options.model.startsWith('tts-1') ? [] : NEWER_MODEL_VOICES),
  ].filter((id, i, all) => all.indexOf(id) === i);
  const voices: Voice[] = voiceIds.map((id) => ({
    id,
    name: voiceName(id),
    premium: id !== defaultVoice,
  }));

  return {
    name: 'openai',
    concurrency: OPENAI_SPEECH_CONCURRENCY,
    sampleRate: OPENAI_SPEECH_SAMPLE_RATE,
    maxChunkChars: OPENAI_SPEECH_MAX_CHARS,
    defaultVoice,
    voices: async () => voices,
    synthesize: (text, synthesizeOptions) =>
      synthesize(client, options.model, text, synthesizeOptions, idleTimeoutMs, logger),
    close: async () => {},
  };
}

async function* synthesize(
  client: OpenAI,
  model: string,
  text: string,
  { voice, signal }: SynthesizeOptions,
  idleTimeoutMs: number,
  logger: Logger,
): AsyncGenerator<Int16Array> {
  if (!text.trim()) throw new RangeError('There is no text to speak');
  if (text.length > OPENAI_SPEECH_MAX_CHARS) {
    throw new RangeError(`A speech request takes at most ${OPENAI_SPEECH_MAX_CHARS} characters, not ${text.length}`);
  }
  signal?.throwIfAborted();

  // The SDK's timeout ends at the answer's headers; this one also covers a body that stalls.
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), idleTimeoutMs);
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), idleTimeoutMs);
  };
  const combined = signal ? AbortSignal.any([signal, idle.signal]) : idle.signal;
  const fail = (error: unknown): never => {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof SpeechProviderError) throw error;
    const message = describeProviderError(error, SERVICE, { timedOut: idle.signal.aborted, timeoutMs: idleTimeoutMs });
    const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : undefined;
    const retryable = idle.signal.aborted || isRetryableProviderError(error) || error instanceof ProviderAnswerError;
    logger.warn('speech request failed', { reason: message, status, retryable, error });
    throw new SpeechProviderError(message, retryable, status, { cause: error });
  };

  try {
    let response: Response;
    try {
      response = await client.audio.speech.create(
        { model, voice, input: text, response_format: 'pcm' },
        { signal: combined },
      );
    } catch (error) {
      return fail(error);
    }
    const type = response.headers.get('content-type') ?? '';
    if (/^(text\/|application\/json)/i.test(type)) {
      await response.body?.cancel().catch(() => {});
      return fail(new ProviderAnswerError(`The ${SERVICE} answered with ${type.split(';')[0]} instead of audio`));
    }
    if (!response.body) return fail(new ProviderAnswerError(`The ${SERVICE} answered with no audio`));

    const decoder = createPcmDecoder();
    let samples = 0;
    const reader = response.body.getReader();
    let finished = false;
    try {
      for (;;) {
        restartTimer();
        let read: Awaited<ReturnType<typeof reader.read>>;
        try {
          read = await reader.read();
        } catch (error) {
          return fail(idle.signal.aborted || signal?.aborted ? error : new ProviderAnswerError(`The ${SERVICE} stopped sending audio before the end`));
        }
        if (read.done) {
          finished = true;
          break;
        }
        const chunk = decoder.push(read.value);
        if (chunk.length > 0) {
          samples += chunk.length;
          yield chunk;
        }
      }
    } finally {
      // The consumer stopped early or the stream failed: free the connection.
      if (!finished) await reader.cancel().catch(() => {});
    }
    if (samples === 0) return fail(new ProviderAnswerError(`The ${SERVICE} answered with no audio`));
    if (decoder.pendingBytes() > 0) logger.debug('speech ended with half a sample; dropped it');
  } finally {
    clearTimeout(timer);
  }
}

/** `nova` → `Nova`, `af_bella` → `Af Bella`. */
function voiceName(id: string): string {
  return id
    .split(/[_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Turns little-endian 16-bit PCM bytes into samples across reads that may split a sample in two:
 * the odd byte waits for the next read.
 */
export function createPcmDecoder() {
  let carry: number | null = null;
  return {
    push(bytes: Uint8Array): Int16Array {
      const total = bytes.length + (carry === null ? 0 : 1);
      const out = new Int16Array(total >> 1);
      let i = 0;
      let n = 0;
      if (carry !== null && bytes.length > 0) {
        out[n++] = carry | (bytes[0]! << 8);
        i = 1;
        carry = null;
      }
      for (; i + 1 < bytes.length; i += 2) out[n++] = bytes[i]! | (bytes[i + 1]! << 8);
      if (i < bytes.length) carry = bytes[i]!;
      return out;
    },
    pendingBytes: () => (carry === null ? 0 : 1),
  };
}
