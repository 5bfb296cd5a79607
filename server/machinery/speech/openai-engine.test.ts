import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import {
  DEFAULT_FAKE_BEHAVIOUR,
  FAKE_OPENAI_KEY,
  fakeSpeechSample,
  fakeSpeechSampleCount,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../test/fake-openai.ts';
import {
  createOpenAiSpeechEngine,
  createPcmDecoder,
  SpeechProviderError,
  type OpenAiSpeechEngineOptions,
} from './openai-engine.ts';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour(DEFAULT_FAKE_BEHAVIOUR);
});

function engine(options: Partial<OpenAiSpeechEngineOptions> = {}) {
  return createOpenAiSpeechEngine({
    baseUrl: fake.url,
    apiKey: FAKE_OPENAI_KEY,
    model: 'tts-1',
    voice: undefined,
    logger: createLogger('silent'),
    idleTimeoutMs: 2000,
    ...options,
  });
}

async function collect(chunks: AsyncIterable<Int16Array>) {
  const received: Int16Array[] = [];
  for await (const chunk of chunks) received.push(chunk);
  const all = new Int16Array(received.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of received) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return { chunks: received.length, samples: all };
}

async function failure(chunks: AsyncIterable<Int16Array>): Promise<SpeechProviderError> {
  try {
    await collect(chunks);
  } catch (error) {
    expect(error).toBeInstanceOf(SpeechProviderError);
    return error as SpeechProviderError;
  }
  throw new Error('synthesize did not fail');
}

describe('createPcmDecoder', () => {
  it.each([
    ['whole samples', [[0x01, 0x00, 0xff, 0xff]], [1, -1]],
    ['a sample split across reads', [[0x34], [0x12, 0x00], [0x80]], [0x1234, -32768]],
    ['odd reads of three bytes', [[0x01, 0x00, 0x02], [0x00, 0x03, 0x00]], [1, 2, 3]],
    ['an empty read between', [[0xff], [], [0x7f]], [32767]],
  ])('%s', (_name, reads, expected) => {
    const decoder = createPcmDecoder();
    const samples = reads.flatMap((r) => [...decoder.push(Uint8Array.from(r))]);
    expect(samples).toEqual(expected);
    expect(decoder.pendingBytes()).toBe(0);
  });

  it('keeps a trailing odd byte pending', () => {
    const decoder = createPcmDecoder();
    expect([...decoder.push(Uint8Array.from([1, 0, 7]))]).toEqual([1]);
    expect(decoder.pendingBytes()).toBe(1);
  });
});

describe('the OpenAI-compatible speech engine', () => {
  it('streams the provider PCM as it arrives, sample for sample', async () => {
    fake.setBehaviour({ speechModel: 'tts-1', speechChunkBytes: 1001, speechChunkDelayMs: 1 });
    const text = 'Honey bees dance to tell each other where the flowers are.';
    const speech = engine();
    const { chunks, samples } = await collect(speech.synthesize(text, { voice: 'nova' }));

    expect(speech.sampleRate).toBe(24_000);
    expect(samples.length).toBe(fakeSpeechSampleCount(text));
    expect(chunks).toBeGreaterThan(1);
    const expected = Int16Array.from({ length: samples.length }, (_, i) => fakeSpeechSample(i));
    expect(samples).toEqual(expected);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.problems).toEqual([]);
    expect(request!.path).toBe('/v1/audio/speech');
    expect(request!.headers.authorization).toBe(`Bearer ${FAKE_OPENAI_KEY}`);
    expect(request!.body).toEqual({ model: 'tts-1', voice: 'nova', input: text, response_format: 'pcm' });
  });

  it('accepts up to 4,096 characters and refuses more without asking the provider', async () => {
    const speech = engine();
    expect(speech.maxChunkChars).toBe(4096);
    const longest = 'a'.repeat(4096);
    fake.setBehaviour({ speechMsPerChar: 1 });
    expect((await collect(speech.synthesize(longest, { voice: 'alloy' }))).samples.length).toBe(
      fakeSpeechSampleCount(longest, 1),
    );
    await expect(collect(speech.synthesize(`${longest}a`, { voice: 'alloy' }))).rejects.toThrow(/at most 4096/);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['rate-limit', 'The speech service is receiving too many requests (HTTP 429)', true, 429],
    ['server-error', 'The speech service had an internal error (HTTP 500)', true, 500],
    ['malformed', 'The speech service answered with text/html instead of audio', true, undefined],
    ['empty', 'The speech service answered with no audio', true, undefined],
    ['drop', 'The speech service stopped sending audio before the end', true, undefined],
  ] as const)('throws a clear error when the provider answers %s', async (fault, message, retryable, status) => {
    fake.setBehaviour({ speechFault: fault });
    const error = await failure(engine().synthesize('Hello there.', { voice: 'alloy' }));
    expect(error.message).toBe(message);
    expect(error.retryable).toBe(retryable);
    expect(error.status).toBe(status);
    // The job retries with backoff; the engine itself asks once.
    expect(fake.requests).toHaveLength(1);
  });

  it('says a refused key is not worth retrying', async () => {
    const error = await failure(engine({ apiKey: 'sk-wrong' }).synthesize('Hello there.', { voice: 'alloy' }));
    expect(error.message).toBe('The speech service refused the API key (HTTP 401)');
    expect(error.retryable).toBe(false);
  });

  it('gives up on a provider that stays silent', async () => {
    fake.setBehaviour({ speechFault: 'hang' });
    // Without the idle deadline the silent provider would hold the call for ever (the test's safety net).
    const error = await failure(engine({ idleTimeoutMs: 200 }).synthesize('Hello there.', { voice: 'alloy' }));
    expect(error.message).toBe('The speech service did not answer within 1 second');
    expect(error.retryable).toBe(true);
  });

  it('stops when the caller cancels', async () => {
    fake.setBehaviour({ speechFault: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('podcast deleted')), 50);
    await expect(
      collect(engine().synthesize('Hello there.', { voice: 'alloy', signal: controller.signal })),
    ).rejects.toThrow('podcast deleted');
  });

  it('lists the voices: the configured one free, the others premium', async () => {
    const openai = await engine().voices();
    expect(engine().defaultVoice).toBe('alloy');
    expect(openai.filter((v) => !v.premium).map((v) => v.id)).toEqual(['alloy']);
    expect(openai.map((v) => v.id)).toEqual(
      expect.arrayContaining(['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer']),
    );
    // tts-1 cannot speak the voices made for gpt-4o-mini-tts.
    expect(openai.map((v) => v.id)).not.toContain('marin');
    expect((await engine({ model: 'gpt-4o-mini-tts' }).voices()).map((v) => v.id)).toContain('marin');

    const kokoro = engine({ voice: 'af_bella', model: 'kokoro' });
    expect(kokoro.defaultVoice).toBe('af_bella');
    const kokoroVoices = await kokoro.voices();
    expect(kokoroVoices[0]).toEqual({ id: 'af_bella', name: 'Af Bella', premium: false });
    expect(kokoroVoices.filter((v) => !v.premium)).toHaveLength(1);
  });
});
