import { afterAll, describe, expect, it } from 'vitest';
import { createEspeakEngine } from './espeak-engine.ts';
import type { SpeechEngine } from './engine.ts';
import { SpeechError } from './speech-error.ts';

async function collect(engine: SpeechEngine, text: string, voice = engine.defaultVoice, signal?: AbortSignal) {
  const pieces: Int16Array[] = [];
  for await (const pcm of engine.synthesize(text, { voice, signal })) pieces.push(pcm);
  const samples = pieces.reduce((n, p) => n + p.length, 0);
  let sumSquares = 0;
  for (const p of pieces) for (const s of p) sumSquares += s * s;
  return { pieces, samples, seconds: samples / engine.sampleRate, rms: Math.sqrt(sumSquares / Math.max(1, samples)) };
}

const SENTENCE = 'The committee met on Tuesday and agreed to build three new parks before the summer.';

describe('the embedded espeak engine', () => {
  const engine = createEspeakEngine();
  afterAll(() => engine.close());

  it('speaks a sentence as audible 22,050 Hz PCM handed over in pieces', async () => {
    const { pieces, seconds, rms } = await collect(engine, `${SENTENCE} ${SENTENCE}`);
    expect(engine.sampleRate).toBe(22_050);
    expect(pieces.length).toBeGreaterThan(1);
    // 30 words at a speaking pace of 120 to 260 words a minute
    expect(seconds).toBeGreaterThan((30 / 260) * 60);
    expect(seconds).toBeLessThan((30 / 120) * 60);
    expect(rms).toBeGreaterThan(500);
  });

  it('offers English voices, the default free and the rest premium, and each one speaks', async () => {
    const voices = await engine.voices();
    expect(voices.filter((v) => !v.premium).map((v) => v.id)).toEqual([engine.defaultVoice]);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    expect(voices.map((v) => v.id)).toEqual(expect.arrayContaining(['en-us', 'en-gb', 'en-gb-scotland', 'en-029']));
    const lengths = new Map<string, number>();
    for (const voice of voices) {
      const { seconds, rms } = await collect(engine, 'Welcome back.', voice.id);
      expect(seconds, voice.id).toBeGreaterThan(0.5);
      expect(rms, voice.id).toBeGreaterThan(300);
      lengths.set(voice.id, seconds);
    }
    // the accents really differ: not every voice gives the same audio length
    expect(new Set(lengths.values()).size).toBeGreaterThan(1);
  });

  it('takes a text far beyond the command-line limit of the plain build', async () => {
    const text = `Start here. ${' '.repeat(40_000)} And end here.`;
    const { seconds } = await collect(engine, text);
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(4);
  });

  it('refuses a voice it does not have', async () => {
    await expect(collect(engine, SENTENCE, 'alloy')).rejects.toThrow(SpeechError);
  });

  it('stops when the signal aborts, and speaks again at once', async () => {
    const controller = new AbortController();
    const long = Array.from({ length: 200 }, () => SENTENCE).join(' ');
    let received = 0;
    await expect(
      (async () => {
        for await (const pcm of engine.synthesize(long, { voice: 'en-us', signal: controller.signal })) {
          received += pcm.length;
          controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    // One piece of the 200 sentences' audio (about 20 minutes) was made before the stop.
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(engine.sampleRate * 60);
    const again = await collect(engine, SENTENCE);
    expect(again.seconds).toBeGreaterThan(2);
  });

  it('lets a caller stop reading early without blocking the next call', async () => {
    const long = Array.from({ length: 200 }, () => SENTENCE).join(' ');
    for await (const pcm of engine.synthesize(long, { voice: 'en-us' })) {
      expect(pcm.length).toBeGreaterThan(0);
      break;
    }
    const next = await collect(engine, SENTENCE);
    expect(next.seconds).toBeGreaterThan(2);
  });
});

describe('faults in the espeak worker', () => {
  const engine = createEspeakEngine({
    workerUrl: new URL('../../test/fixtures/faulty-espeak-worker.mjs', import.meta.url),
    // Long enough for a new worker's first audio on a loaded machine (5 s was not, at a load of 20).
    stallTimeoutMs: 20_000,
  });
  afterAll(() => engine.close());

  it.each([
    ['[exit]', /stopped: exit code 3/],
    ['[throw]', /stopped: injected crash/],
    ['[bad-voice]', /espeak-ng failed: .*no voice/],
    ['[hang]', /produced nothing for 20000 ms/],
  ])('a worker fault (%s) fails the call and the next call works', async (marker, message) => {
    const failure = await collect(engine, `${marker} Hello.`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SpeechError);
    expect((failure as Error).message).toMatch(message);
    const next = await collect(engine, 'Hello again.');
    expect(next.seconds).toBeGreaterThan(0.5);
  });

  it('close() ends the worker and refuses later calls', async () => {
    await collect(engine, 'One more.');
    await engine.close();
    await expect(collect(engine, SENTENCE)).rejects.toThrow(/closed/);
  });
});
