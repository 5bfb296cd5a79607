import { afterAll, describe, expect, it } from 'vitest';
import { createAdaptiveNormalizer } from './adaptive-gain.ts';
import type { LoudnessNormalizer } from './limiter.ts';
import { DEFAULT_CEILING_DBTP, kWeightingFilters, measureLoudness } from './loudness-meter.ts';
import { createLoudnessNormalizer, voiceGainDb } from './loudness.ts';
import { createMp3Encoder } from './mp3-encoder.ts';
import { createEspeakEngine, ESPEAK_VOICES } from '../speech/espeak-engine.ts';
import { decodeMp3 } from '../../test/mp3.ts';

/** A sine of `amplitude` (full scale 1); `fadeSeconds` ramps its ends so they add no overshoot. */
function sine(frequency: number, amplitude: number, sampleRate: number, seconds: number, options: { phase?: number; fadeSeconds?: number } = {}) {
  const n = Math.round(sampleRate * seconds);
  const fade = Math.max(1, (options.fadeSeconds ?? 0) * sampleRate);
  return Float32Array.from({ length: n }, (_, i) => {
    const envelope = options.fadeSeconds ? Math.min(1, i / fade, (n - 1 - i) / fade) : 1;
    return amplitude * envelope * Math.sin((2 * Math.PI * frequency * i) / sampleRate + (options.phase ?? 0));
  });
}

const join = <T extends Float32Array | Int16Array>(make: (n: number) => T, pieces: T[]): T => {
  const out = make(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
};
const joinFloats = (...pieces: Float32Array[]) => join((n) => new Float32Array(n), pieces);
const joinPcm = (pieces: Int16Array[]) => join((n) => new Int16Array(n), pieces);
const toPcm = (samples: Float32Array) => Int16Array.from(samples, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32768))));
const toFloats = (pcm: Int16Array) => Float32Array.from(pcm, (v) => v / 32768);

/** Same length and samples; says where they first differ (a full diff of long arrays is slow to print). */
function expectSamePcm(actual: Int16Array, expected: Int16Array, label?: string) {
  expect(actual.length, label).toBe(expected.length);
  const at = actual.findIndex((v, i) => v !== expected[i]);
  expect(at === -1 ? 'identical' : `differ at ${at}: ${actual[at]} ≠ ${expected[at]}`, label).toBe('identical');
}

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** Speech-like test signal: bursts of noise at varying levels, some far above the ceiling, with gaps. */
function bursts(sampleRate: number, seconds: number): Int16Array {
  const next = random(7);
  const pcm = new Int16Array(Math.round(sampleRate * seconds));
  let level = 0;
  for (let i = 0; i < pcm.length; i++) {
    if (i % 2000 === 0) level = next() < 0.2 ? 0 : 2000 + next() * 30_000;
    pcm[i] = Math.round((next() * 2 - 1) * level);
  }
  return pcm;
}

/** Feeds `pcm` in pieces of the given sizes (repeated), then flushes; returns each call's output. */
function normalizeInPieces(normalizer: LoudnessNormalizer, pcm: Int16Array, sizes: number[]): Int16Array[] {
  const outputs: Int16Array[] = [];
  let at = 0;
  for (let i = 0; at < pcm.length; i++) {
    const size = sizes[i % sizes.length]!;
    outputs.push(normalizer.process(pcm.subarray(at, at + size)));
    at += size;
  }
  outputs.push(normalizer.flush());
  return outputs;
}

describe('the loudness meter (BS.1770-4)', () => {
  it('computes the standard K-weighting coefficients at 48 kHz', () => {
    const [shelf, highPass] = kWeightingFilters(48_000);
    const expected = [
      [shelf.b0, 1.53512485958697],
      [shelf.b1, -2.69169618940638],
      [shelf.b2, 1.19839281085285],
      [shelf.a1, -1.69065929318241],
      [shelf.a2, 0.73248077421585],
      [highPass.a1, -1.99004745483398],
      [highPass.a2, 0.99007225036621],
    ];
    for (const [actual, standard] of expected) expect(actual).toBeCloseTo(standard!, 10);
  });

  // The standard's calibration: a 997 Hz sine at 0 dBFS on one channel reads -3.01 LUFS; the
  // K-weighting is ~0 dB there, so a sine of amplitude A reads -3.01 + 20 log10(A).
  it.each([22_050, 24_000, 44_100, 48_000])('reads a 997 Hz sine at %i Hz as the standard says', (rate) => {
    expect(measureLoudness(sine(997, 1, rate, 5), rate).integratedLufs).toBeCloseTo(-3.01, 1);
    expect(measureLoudness(sine(997, 0.1, rate, 5), rate).integratedLufs).toBeCloseTo(-23.01, 1);
    expect(Math.abs(measureLoudness(sine(1000, 0.1, rate, 5), rate).integratedLufs + 23.01)).toBeLessThan(0.1);
  });

  it('weights the highs up and the lows down', () => {
    // relative to 997 Hz, where the shelf already adds 0.7 dB: its +4 dB at 4 kHz, and at 60 Hz
    // the high-pass filter's -2.9 dB
    const at = (f: number) => measureLoudness(sine(f, 0.1, 48_000, 3), 48_000).integratedLufs + 23.01;
    expect(Math.abs(at(4000) - (4 - 0.7))).toBeLessThan(0.2);
    expect(Math.abs(at(60) - (-2.9 - 0.7))).toBeLessThan(0.2);
  });

  it('gives -Infinity for silence and for audio shorter than one 400 ms block', () => {
    expect(measureLoudness(new Float32Array(48_000), 48_000).integratedLufs).toBe(-Infinity);
    expect(measureLoudness(sine(997, 1, 48_000, 0.39), 48_000).integratedLufs).toBe(-Infinity);
    expect(measureLoudness(new Float32Array(0), 48_000)).toEqual({ integratedLufs: -Infinity, truePeakDbtp: -Infinity, samplePeakDbfs: -Infinity });
  });

  it('leaves out silence (absolute gate) and much quieter passages (relative gate)', () => {
    // long halves, so the few blocks that straddle the change weigh little (0.03 LU)
    const rate = 24_000;
    const loud = sine(997, 0.1, rate, 20);
    const reads = (expected: number, quieter: Float32Array) =>
      expect(Math.abs(measureLoudness(joinFloats(loud, quieter), rate).integratedLufs - expected)).toBeLessThan(0.05);
    reads(-23.01, new Float32Array(rate * 20));
    // 20 dB quieter: under the -10 LU relative gate, so not counted
    reads(-23.01, sine(997, 0.01, rate, 20));
    // 6 dB quieter: counted, energy-averaged with the loud half
    reads(-23.01 + 10 * Math.log10((1 + 0.25) / 2), sine(997, 0.05, rate, 20));
  });

  it('finds the peak between samples: a sine at fs/4 sampled 45° off its crests', () => {
    const rate = 22_050;
    const { samplePeakDbfs, truePeakDbtp } = measureLoudness(sine(rate / 4, 0.5, rate, 1, { phase: Math.PI / 4, fadeSeconds: 0.05 }), rate);
    expect(samplePeakDbfs).toBeCloseTo(20 * Math.log10(0.5 * Math.SQRT1_2), 2); // -9.03
    expect(Math.abs(truePeakDbtp - 20 * Math.log10(0.5))).toBeLessThan(0.1); // -6.02
  });

  it('gives the same true and sample peak where the samples hit the crests', () => {
    const rate = 48_000;
    const { samplePeakDbfs, truePeakDbtp } = measureLoudness(sine(rate / 4, 0.5, rate, 1, { phase: Math.PI / 2, fadeSeconds: 0.05 }), rate);
    expect(samplePeakDbfs).toBeCloseTo(-6.02, 2);
    expect(Math.abs(truePeakDbtp - samplePeakDbfs)).toBeLessThan(0.05);
  });
});

describe('the loudness normalizer', () => {
  const rate = 22_050;

  it('delays the input by latencySamples and gives back exactly as many samples as it took', () => {
    const normalizer = createLoudnessNormalizer({ sampleRate: rate, gainDb: 0 });
    const latency = normalizer.latencySamples;
    // the 5 ms look-ahead, after the 12 samples the true-peak interpolators need on each side
    expect(latency).toBe(Math.round(rate * 0.005) + 12);
    const quiet = toPcm(sine(440, 0.2, rate, 1)); // below the ceiling: passes unchanged
    expect(normalizer.process(quiet.subarray(0, latency)).length).toBe(0);
    expect(normalizer.process(quiet.subarray(latency, latency + 1000)).length).toBe(1000);
    const rest = normalizer.process(quiet.subarray(latency + 1000));
    expect(rest.length).toBe(quiet.length - latency - 1000);
    expect(normalizer.flush().length).toBe(latency);
    // sample for sample the input: the delay is in when it comes out, not silence put in front
    expectSamePcm(joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb: 0 }), quiet, [quiet.length])), quiet);
  });

  it('applies the gain', () => {
    const quiet = toPcm(sine(440, 0.1, rate, 1));
    const output = joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb: 20 * Math.log10(3) }), quiet, [512]));
    expectSamePcm(output, Int16Array.from(quiet, (v) => v * 3));
  });

  it('gives the same output whatever size the chunks come in, down to 1 and 0 samples', () => {
    const pcm = bursts(rate, 3);
    const whole = joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb: 6 }), pcm, [pcm.length]));
    expect(whole.length).toBe(pcm.length);
    for (const sizes of [[1], [0, 1, 0, 3], [7, 4096, 0, 110, 111, 1], [333]]) {
      const pieces = joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb: 6 }), pcm, sizes));
      expectSamePcm(pieces, whole, sizes.join(','));
    }
  });

  it('gives back input shorter than its look-ahead, and nothing for no input', () => {
    const empty = createLoudnessNormalizer({ sampleRate: rate, gainDb: 3 });
    expect(empty.process(new Int16Array(0)).length).toBe(0);
    expect(empty.flush().length).toBe(0);
    const short = createLoudnessNormalizer({ sampleRate: rate, gainDb: 0 });
    expect(short.process(Int16Array.of(1, -2, 3)).length).toBe(0);
    expect(short.flush()).toEqual(Int16Array.of(1, -2, 3));
    expect(() => short.process(Int16Array.of(1))).toThrow();
  });

  it.each([DEFAULT_CEILING_DBTP, -6])('keeps the true peak under a ceiling of %d dBTP, however much gain', (ceilingDbtp) => {
    const pcm = bursts(rate, 3);
    for (const gainDb of [0, 6, 20]) {
      const output = joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb, ceilingDbtp }), pcm, [1000]));
      const { truePeakDbtp } = measureLoudness(toFloats(output), rate);
      expect(truePeakDbtp, `gain ${gainDb}`).toBeLessThanOrEqual(ceilingDbtp);
      expect(truePeakDbtp, `gain ${gainDb}`).toBeGreaterThan(ceilingDbtp - 0.5);
    }
  });

  it('catches the peak between samples that a sample limiter lets through', () => {
    // a sine at fs/4 sampled 45° off its crests: every sample is 3 dB under the true peak
    const tone = toPcm(sine(rate / 4, 0.9, rate, 1, { phase: Math.PI / 4, fadeSeconds: 0.05 }));
    expect(measureLoudness(toFloats(tone), rate).samplePeakDbfs).toBeLessThan(DEFAULT_CEILING_DBTP);
    const output = joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb: 0 }), tone, [4096]));
    const { truePeakDbtp } = measureLoudness(toFloats(output), rate);
    expect(truePeakDbtp).toBeLessThanOrEqual(DEFAULT_CEILING_DBTP);
    expect(truePeakDbtp).toBeGreaterThan(DEFAULT_CEILING_DBTP - 0.2);
  });

  it('keeps speech that starts out of a pause further under the ceiling, where MP3 overshoots most', () => {
    // half a second of silence, then a loud tone: its first 100 ms stay 1.5 dB lower, then it comes up
    const tone = joinFloats(new Float32Array(rate / 2), sine(440, 0.95, rate, 1, { fadeSeconds: 0.005 }));
    const output = toFloats(joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb: 0 }), toPcm(tone), [2048])));
    const peakDb = (from: number, to: number) => measureLoudness(output.subarray(Math.round(rate * from), Math.round(rate * to)), rate).truePeakDbtp;
    expect(peakDb(0.5, 0.6)).toBeLessThanOrEqual(DEFAULT_CEILING_DBTP - 1.5);
    expect(peakDb(0.5, 0.6)).toBeGreaterThan(DEFAULT_CEILING_DBTP - 2);
    expect(peakDb(1, 1.5)).toBeLessThanOrEqual(DEFAULT_CEILING_DBTP);
    expect(peakDb(1, 1.5)).toBeGreaterThan(DEFAULT_CEILING_DBTP - 0.2);
  });

  it('turns down a peak smoothly before it arrives and comes back up after it (no click)', () => {
    // a steady level with one loud sample: output / input traces the limiter's gain
    const level = 8_000;
    const pcm = new Int16Array(rate).fill(level);
    const spikeAt = 10_000;
    pcm[spikeAt] = 32_000;
    const normalizer = createLoudnessNormalizer({ sampleRate: rate, gainDb: 0 });
    const output = joinPcm(normalizeInPieces(normalizer, pcm, [rate]));
    const gain = Array.from(output, (v) => v / level);
    const ceiling = 10 ** (DEFAULT_CEILING_DBTP / 20) * 32768;
    expect(output[spikeAt]).toBeLessThanOrEqual(ceiling);
    expect(output[spikeAt]).toBeGreaterThan(ceiling * 0.98); // the limiter keeps 0.05 dB in hand
    gain[spikeAt] = (gain[spikeAt - 1]! + gain[spikeAt + 1]!) / 2; // the spike's own sample is not the steady level
    const steps = gain.slice(1).map((g, i) => Math.abs(g - gain[i]!));
    // the gain changes by at most 1 / (look-ahead + 1) per sample, plus rounding to 16 bits
    expect(Math.max(...steps)).toBeLessThan(1 / (Math.round(rate * 0.005) + 1) + 2 / level);
    // untouched until the look-ahead sees the peak, down by the peak, back within half a second
    expect(gain[spikeAt - normalizer.latencySamples - 2]).toBe(1);
    expect(Math.min(...gain)).toBeLessThan(ceiling / 32_000 + 0.01);
    expect(gain[spikeAt + rate / 2]).toBeCloseTo(1, 2);
  });
});

describe('the adaptive normalizer', () => {
  const rate = 24_000;

  it('holds the audio until it has heard enough, then plays it all with one fixed gain', () => {
    // a steady tone at -23 LUFS: no limiting needed to reach the target, so the gain is the difference
    const tone = toPcm(sine(997, 0.1, rate, 12));
    const normalizer = createAdaptiveNormalizer({ sampleRate: rate });
    expect(normalizer.process(tone.subarray(0, rate * 4)).length).toBe(0);
    expect(normalizer.gainDb).toBeUndefined();
    const settled = normalizer.process(tone.subarray(rate * 4, rate * 6));
    expect(settled.length).toBe(rate * 6 - normalizer.latencySamples);
    expect(normalizer.gainDb).toBeCloseTo(-16 + 0.45 + 23.01, 1);
    const rest = [normalizer.process(tone.subarray(rate * 6)), normalizer.flush()];
    const output = joinPcm([settled, ...rest]);
    expect(output.length).toBe(tone.length);
    expect(measureLoudness(toFloats(output), rate).integratedLufs).toBeCloseTo(-16 + 0.45, 1);
  });

  it('settles on what it has at flush when the audio is short, and on 0 dB for silence', () => {
    const short = createAdaptiveNormalizer({ sampleRate: rate });
    const tone = toPcm(sine(997, 0.1, rate, 2));
    expect(short.process(tone).length).toBe(0);
    expect(short.flush().length).toBe(tone.length);
    expect(short.gainDb).toBeCloseTo(-16 + 0.45 + 23.01, 1);
    const silent = createAdaptiveNormalizer({ sampleRate: rate });
    expectSamePcm(joinPcm([silent.process(new Int16Array(rate * 8)), silent.flush()]), new Int16Array(rate * 8));
    expect(silent.gainDb).toBe(0);
  });

  it('is what createLoudnessNormalizer makes for an adaptive gain, whatever the chunks', () => {
    const pcm = bursts(rate, 7);
    const a = joinPcm(normalizeInPieces(createLoudnessNormalizer({ sampleRate: rate, gainDb: 'adaptive' }), pcm, [999]));
    const b = joinPcm(normalizeInPieces(createAdaptiveNormalizer({ sampleRate: rate }), pcm, [pcm.length]));
    expectSamePcm(a, b);
  });
});

describe('voice gains', () => {
  it('has a measured gain for every espeak voice; other voices are measured as they speak', () => {
    for (const voice of ESPEAK_VOICES) expect(voiceGainDb('espeak', voice.id), voice.id).toEqual(expect.any(Number));
    expect(voiceGainDb('openai', 'alloy')).toBe('adaptive');
    expect(voiceGainDb('espeak', 'no-such-voice')).toBe('adaptive');
  });
});

describe('an espeak episode through the normalizer and MP3', () => {
  const engine = createEspeakEngine();
  afterAll(() => engine.close());
  // not the calibration passage: the gains must hold for other text too
  const paragraph =
    'Scientists in Norway have found that a common garden plant can warn its neighbours when insects attack. ' +
    'When a caterpillar bites into a leaf, the plant releases a cloud of chemicals into the air within minutes. ' +
    'Nearby plants detect the signal and begin to produce bitter compounds. "It is a kind of conversation," ' +
    'said Doctor Ingrid Solberg, who led the work. The results were published on Monday, the third of March.';
  // German and Russian voices are measured as they speak (no table gain); these peaked at -0.3 to -0.8 dBTP
  const german =
    'Die Stadt Mühlheim streitet seit fast vierzig Jahren über ihren alten Bahnhof. Das Gebäude steht leer, ' +
    'seit der letzte Personenzug im Frühjahr abgefahren ist, und die Uhr steht auf Viertel nach neun. ' +
    '„Wir schulden es den Menschen, die diese Stadt gebaut haben“, sagte Margarete Hahn, die frühere ' +
    'Geschichtslehrerin. Nach drei Stunden Debatte einigte sich der Rat auf einen Kompromiss.';
  const russian =
    'Жители города уже почти сорок лет спорят о судьбе старого вокзала. Здание пустует с тех пор, как весной ' +
    'оттуда ушёл последний пассажирский поезд, а часы остановились на четверти десятого. «Мы в долгу перед ' +
    'людьми, которые построили этот город», — сказала Маргарита Хейл, бывшая учительница истории. После трёх ' +
    'часов споров совет согласился на компромисс.';
  /** Two minutes of varied sentences, so a long episode meets many onsets (no sentence twice). */
  const long = ['council', 'harbour board', 'school', 'museum', 'library', 'ferry company'].flatMap((who, i) =>
    ['spring', 'summer', 'autumn', 'winter'].map(
      (season, j) =>
        `In the ${season}, the ${who} asked ${i + j + 2} volunteers to help, and they cleared the paths, ` +
        `painted the fences and counted ${(i + 3) * (j + 5)} boxes before the rain came back${j % 2 ? '!' : '.'}`,
    ),
  );

  /** The sentences spoken one by one with a pause after each, as an episode speaks them; the MP3's loudness. */
  async function episode(voice: string, gainDb: number | 'adaptive', sentences: string[] = [paragraph]) {
    const normalizer = createLoudnessNormalizer({ sampleRate: engine.sampleRate, gainDb });
    const encoder = await createMp3Encoder({ sampleRate: engine.sampleRate, bitrateKbps: 64 });
    const mp3: Uint8Array[] = [];
    for (const text of sentences) {
      for await (const pcm of engine.synthesize(text, { voice })) mp3.push(encoder.encode(normalizer.process(pcm)));
      mp3.push(encoder.encode(normalizer.process(new Int16Array(Math.round(engine.sampleRate * 0.3)))));
    }
    mp3.push(encoder.encode(normalizer.flush()), encoder.finish());
    const audio = await decodeMp3(new Uint8Array(Buffer.concat(mp3)));
    return { ...measureLoudness(audio.samples, audio.sampleRate), seconds: audio.durationMs / 1000 };
  }

  it.each(['en-us', 'en-gb-scotland'])('%s reaches -16 ± 1 LUFS with its true peak at -1 dBTP or below', async (voice) => {
    const gain = voiceGainDb('espeak', voice);
    expect(gain).toEqual(expect.any(Number));
    const { integratedLufs, truePeakDbtp } = await episode(voice, gain);
    expect(Math.abs(integratedLufs + 16)).toBeLessThanOrEqual(1);
    expect(truePeakDbtp).toBeLessThanOrEqual(-1);
  });

  it('gets there with the adaptive gain too', async () => {
    const { integratedLufs, truePeakDbtp } = await episode('en-us', 'adaptive');
    expect(Math.abs(integratedLufs + 16)).toBeLessThanOrEqual(1);
    expect(truePeakDbtp).toBeLessThanOrEqual(-1);
  });

  it.each([
    ['de', german],
    ['de-female', german],
    ['ru', russian],
    ['ru-female', russian],
  ])('the %s voice, measured as it speaks, keeps -16 ± 1 LUFS and -1 dBTP', async (voice, text) => {
    const gain = voiceGainDb('espeak', voice);
    expect(gain).toBe('adaptive');
    const { integratedLufs, truePeakDbtp } = await episode(voice, gain, [text]);
    expect(Math.abs(integratedLufs + 16)).toBeLessThanOrEqual(1);
    expect(truePeakDbtp).toBeLessThanOrEqual(-1);
  });

  it('keeps them over a long episode, sentence by sentence', async () => {
    const { integratedLufs, truePeakDbtp, seconds } = await episode('en-us', voiceGainDb('espeak', 'en-us'), long);
    expect(seconds).toBeGreaterThan(100);
    expect(Math.abs(integratedLufs + 16)).toBeLessThanOrEqual(1);
    expect(truePeakDbtp).toBeLessThanOrEqual(-1);
  });
});
