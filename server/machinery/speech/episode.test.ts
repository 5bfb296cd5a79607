import { afterAll, describe, expect, it } from 'vitest';
import { decodeMp3, frameHeaders, longestPauseMs, rms } from '../../test/mp3.ts';
import { createEncoderPool } from '../audio/episode-encoder.ts';
import type { SpeechEngine } from './engine.ts';
import { scriptSentences } from '../script/sentence-cutter.ts';
import { speakEpisode, type EpisodeResume, type EpisodeSegment } from './episode.ts';
import { createEspeakEngine } from './espeak-engine.ts';
import { SpeechError } from './speech-error.ts';

const engine = createEspeakEngine();
const encoders = createEncoderPool({ size: 2 });
afterAll(async () => {
  await Promise.all([engine.close(), encoders.close()]);
});

const ARTICLE = [
  'City council approves a new plan for parks.',
  'On Tuesday the council voted to spend $2.5 million on three new parks, a rise of 12% on last year.',
  'The first park opens in 2025. It will have a playground, a small lake and about 400 trees.',
  'Residents asked for more shade and more benches, and the plan adds both.',
  'Work starts in the spring. The mayor said the parks would be open to everyone, every day of the week.',
].join('\n');
const LONG = Array.from({ length: 3 }, () => ARTICLE).join('\n');

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const join = (segments: EpisodeSegment[]) => {
  const out = new Uint8Array(segments.reduce((n, s) => n + s.bytes.length, 0));
  let offset = 0;
  for (const s of segments) {
    out.set(s.bytes, offset);
    offset += s.bytes.length;
  }
  return out;
};

async function speak(text: string, options: { engine?: SpeechEngine; resume?: EpisodeResume; signal?: AbortSignal } = {}) {
  const segments: EpisodeSegment[] = [];
  const result = await speakEpisode({
    engine: options.engine ?? engine,
    voice: options.engine?.defaultVoice ?? 'en-us',
    sentences: scriptSentences(text),
    encoders,
    gainDb: 0,
    ...(options.resume ? { resume: options.resume } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onSegment: async (segment) => void segments.push(segment),
  });
  return { result, segments };
}

describe('speakEpisode with the embedded voice', () => {
  it('stores the first sentence alone, then segments of a few seconds that join into one valid MP3', async () => {
    const { result, segments } = await speak(LONG);
    const sentences = scriptSentences(LONG);

    expect(segments[0]!.cues.map((c) => c.text)).toEqual([sentences[0]!.text]);
    expect(segments.length).toBeGreaterThan(4);
    for (const s of segments.slice(1, -1)) expect(s.durationMs).toBeGreaterThanOrEqual(3_500);
    expect(segments.at(-1)!.final).toBe(true);
    // each segment starts where the one before ended, in time and in bytes
    segments.forEach((s, i) => {
      expect(s.seq).toBe(i);
      if (i === 0) return;
      const before = segments[i - 1]!;
      expect(s.startMs).toBeCloseTo(before.startMs + before.durationMs, 3);
      expect(s.byteOffset).toBe(before.byteOffset + before.bytes.length);
    });

    const bytes = join(segments);
    expect(result.bytes).toBe(bytes.length);
    const headers = frameHeaders(bytes);
    expect(headers.length).toBeGreaterThan(0);
    expect(new Set(headers.map((h) => h.bitrateKbps))).toEqual(new Set([64]));
    expect(new Set(headers.map((h) => h.channels))).toEqual(new Set([1]));
    const audio = await decodeMp3(bytes);
    expect(audio.errors).toBe(0);
    expect(audio.sampleRate).toBe(22_050);
    expect(Math.abs(audio.durationMs - result.durationMs)).toBeLessThan(30);
    const words = wordCount(LONG) + 18;
    expect(words / (result.durationMs / 60_000)).toBeGreaterThan(120);
    expect(words / (result.durationMs / 60_000)).toBeLessThan(260);
    expect(rms(audio.samples)).toBeGreaterThan(0.03);
    // a pause between sentences, never a gap
    expect(longestPauseMs(audio)).toBeLessThan(1_000);
  });

  it('times every sentence once, in order, inside the audio, with its paragraph', async () => {
    const { result, segments } = await speak(ARTICLE);
    const cues = segments.flatMap((s) => s.cues);
    const sentences = scriptSentences(ARTICLE);
    expect(cues.map((c) => c.index)).toEqual(sentences.map((_, i) => i));
    expect(cues.map((c) => [c.text, c.paragraph])).toEqual(sentences.map((s) => [s.text, s.paragraph]));
    cues.forEach((cue, i) => {
      expect(cue.endMs).toBeGreaterThan(cue.startMs + 300);
      if (i > 0) expect(cue.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs);
    });
    expect(cues.at(-1)!.endMs).toBeLessThanOrEqual(result.durationMs);
    // each cue falls inside the segment that carries it
    for (const s of segments) for (const c of s.cues) expect(c.endMs).toBeLessThanOrEqual(s.startMs + s.durationMs + 1);
  });

  it('resumes after the last stored segment: nothing twice, nothing missing', async () => {
    const whole = await speak(LONG);
    // the first run stores three segments and is cut off; a second run picks up after them
    const partial = (await speakAndCollect(LONG, 3)).segments;
    const last = partial.at(-1)!;
    const resumed = await speak(LONG, {
      resume: { nextSentence: last.nextSentence, seq: last.seq + 1, ms: last.startMs + last.durationMs, bytes: last.byteOffset + last.bytes.length, spokenChars: last.spokenChars },
    });
    const all = [...partial, ...resumed.segments];
    expect(all.flatMap((s) => s.cues).map((c) => c.index)).toEqual(scriptSentences(LONG).map((_, i) => i));
    const audio = await decodeMp3(join(all));
    expect(audio.errors).toBe(0);
    // the same speech as an uninterrupted run, give or take the encoder's start-up at the join
    expect(Math.abs(audio.durationMs - whole.result.durationMs)).toBeLessThan(150);
  });

  it('retries a sentence the voice fails on once, and the listener hears it once', async () => {
    const whole = await speak(ARTICLE);
    let calls = 0;
    const flaky: SpeechEngine = {
      ...engine,
      name: 'espeak',
      sampleRate: engine.sampleRate,
      maxChunkChars: engine.maxChunkChars,
      defaultVoice: 'en-us',
      voices: () => engine.voices(),
      close: async () => {},
      async *synthesize(text, options) {
        calls++;
        if (calls === 4) {
          yield* engine.synthesize(text.slice(0, 10), options); // some audio, then a fault
          throw Object.assign(new Error('connection reset'), { retryable: true });
        }
        yield* engine.synthesize(text, options);
      },
    };
    const { result, segments } = await speak(ARTICLE, { engine: flaky });
    expect(calls).toBe(scriptSentences(ARTICLE).length + 1);
    expect(segments.flatMap((s) => s.cues).map((c) => c.index)).toEqual(scriptSentences(ARTICLE).map((_, i) => i));
    expect(Math.abs(result.durationMs - whole.result.durationMs)).toBeLessThan(30);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const segments: EpisodeSegment[] = [];
    const attempt = speakEpisode({
      engine,
      voice: 'en-us',
      sentences: scriptSentences(LONG),
      encoders,
      gainDb: 0,
      signal: controller.signal,
      onSegment: async (s) => {
        segments.push(s);
        if (segments.length === 2) controller.abort();
      },
    });
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(segments).toHaveLength(2);
  });

  it('refuses a script with nothing to read aloud', async () => {
    // Emoji and decorative symbols only (an address is read aloud now).
    await expect(speak('🎧 ★ → ✔ 👍')).rejects.toThrow(SpeechError);
  });
});

/** Speaks until `count` segments are stored, then stops as a killed process would. */
async function speakAndCollect(text: string, count: number) {
  const segments: EpisodeSegment[] = [];
  await speakEpisode({
    engine,
    voice: 'en-us',
    sentences: scriptSentences(text),
    encoders,
    gainDb: 0,
    onSegment: async (s) => {
      if (segments.length >= count) throw new Error('killed');
      segments.push(s);
    },
  }).catch(() => {});
  return { segments };
}

/** An engine that answers every sentence with the given PCM, to see what the episode does with it. */
function engineAnswering(pcm: (sentence: string) => Int16Array[]): SpeechEngine {
  return {
    name: 'openai',
    sampleRate: 24_000,
    maxChunkChars: 4096,
    defaultVoice: 'test',
    voices: async () => [],
    async *synthesize(text) {
      yield* pcm(text).map((p) => p.slice());
    },
    close: async () => {},
  };
}

describe('speakEpisode refuses to store what is not speech', () => {
  it.each([
    ['only silence', () => [new Int16Array(24_000)], /only silence/],
    ['nothing for a sentence', (s: string) => (s.includes('second') ? [] : [tone(24_000)]), /no audio for sentence 2/],
  ])('an engine that returns %s', async (_, answer, message) => {
    const attempt = speak('The first sentence here.\nThe second sentence there.', { engine: engineAnswering(answer) });
    await expect(attempt).rejects.toThrow(SpeechError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('encodes another engine’s sample rate as it is (24 kHz in, 24 kHz MP3 out)', async () => {
    const { result, segments } = await speak('A tone.', { engine: engineAnswering(() => [tone(12_000), tone(12_000)]) });
    const audio = await decodeMp3(join(segments));
    expect(audio.sampleRate).toBe(24_000);
    expect(Math.abs(audio.durationMs - result.durationMs)).toBeLessThan(30);
    // a second of tone and the pause after it
    expect(result.durationMs).toBeGreaterThan(1_250);
    expect(result.durationMs).toBeLessThan(1_450);
  });
});

/** A 440 Hz tone at a quarter of full scale, at 24 kHz. */
function tone(samples: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24_000)));
}

describe('speakEpisode in Japanese', () => {
  it('gives the voice kana for kanji and keeps the sentence as written in its cue', async () => {
    const heard: string[] = [];
    const recording = engineAnswering((text) => {
      heard.push(text);
      return [tone(12_000)];
    });
    const written = ['東京は日本の首都です。', 'コーヒーを飲みます。'];
    const segments: EpisodeSegment[] = [];
    await speakEpisode({
      engine: recording,
      voice: 'test',
      language: 'ja',
      sentences: written.map((text) => ({ text, paragraph: 0 })),
      encoders,
      gainDb: 0,
      onSegment: async (segment) => void segments.push(segment),
    });

    expect(heard).toEqual(['とうきょうわにっぽんのしゅとです。', 'コーヒーをのみます。']);
    expect(heard.join('')).not.toMatch(/\p{Script=Han}/u);
    expect(segments.flatMap((s) => s.cues.map((c) => c.text))).toEqual(written);
  });
});
