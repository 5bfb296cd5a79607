/**
 * Podcast loudness: a meter after ITU-R BS.1770-4 / EBU R128 (mono), and the streaming stage that
 * brings a voice to the target: a fixed gain per voice, then a look-ahead true-peak limiter, so an
 * episode is made in one pass as its PCM arrives.
 */
import { ESPEAK_VOICE_GAINS_DB } from './voice-gains.ts';
import { concatPcm } from './pcm.ts';

/** Integrated loudness of an episode: the usual podcast target (Apple asks -16 ± 1 LU). */
export const TARGET_LUFS = -16;
/** Highest true peak allowed in the published MP3. */
export const MAX_TRUE_PEAK_DBTP = -1;
/**
 * The limiter's true-peak ceiling (4× oversampled, as the meter reads it). 64 kbps MP3 puts peaks
 * back above the PCM's: apart from speech starting out of a pause (see ONSET_HEADROOM_DB), the
 * decoded true peak stayed within 1 dB of this ceiling on the espeak voices in English, German and
 * Russian and over a two-hour episode (at -2 dBTP, two episodes reached -1.1), so 1.5 dB below
 * MAX_TRUE_PEAK_DBTP keeps a margin.
 */
export const DEFAULT_CEILING_DBTP = -2.5;

export interface LoudnessMeasurement {
  /** Gated integrated loudness (LUFS); -Infinity for silence or audio shorter than one 400 ms block. */
  integratedLufs: number;
  /** Highest peak between samples too, from 4× oversampling (dBTP). */
  truePeakDbtp: number;
  /** Highest sample (dBFS). */
  samplePeakDbfs: number;
}

const toDb = (linear: number) => 20 * Math.log10(linear);
const fromDb = (db: number) => 10 ** (db / 20);
/** Block loudness from a mean square of K-weighted samples (mono: channel weight 1). */
const lufs = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * BS.1770's two K-weighting stages for any sample rate. The standard gives coefficients at 48 kHz
 * only; these come from the analog filters they were made from (shelf at 1682 Hz, +4 dB; high-pass
 * at 38 Hz), by the bilinear transform, and reproduce the 48 kHz table.
 */
export function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  let k = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  let q = 0.7071752369554196;
  const vh = fromDb(3.999843853973347);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  k = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  q = 0.5003270373238773;
  a0 = 1 + k / q + k * k;
  const highPass = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return [shelf, highPass];
}

/** The signal K-weighted and squared, in double precision. */
function kWeightedSquares(samples: Float32Array, sampleRate: number): Float64Array {
  const out = new Float64Array(samples.length);
  const stages = kWeightingFilters(sampleRate);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]!;
  for (const { b0, b1, b2, a1, a2 } of stages) {
    // direct form II transposed
    let z1 = 0;
    let z2 = 0;
    for (let i = 0; i < out.length; i++) {
      const x = out[i]!;
      const y = b0 * x + z1;
      z1 = b1 * x - a1 * y + z2;
      z2 = b2 * x - a2 * y;
      out[i] = y;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * out[i]!;
  return out;
}

/** Gated integrated loudness: 400 ms blocks every 100 ms, absolute gate -70 LUFS, relative gate -10 LU. */
function integratedLoudness(squares: Float64Array, sampleRate: number): number {
  const step = Math.round(sampleRate / 10);
  const steps = Math.floor(squares.length / step);
  const stepSums = new Float64Array(steps);
  for (let s = 0; s < steps; s++) {
    let sum = 0;
    for (let i = s * step; i < (s + 1) * step; i++) sum += squares[i]!;
    stepSums[s] = sum;
  }
  const blocks: number[] = [];
  for (let s = 0; s + 4 <= steps; s++) {
    const meanSquare = (stepSums[s]! + stepSums[s + 1]! + stepSums[s + 2]! + stepSums[s + 3]!) / (4 * step);
    if (lufs(meanSquare) > -70) blocks.push(meanSquare);
  }
  if (blocks.length === 0) return -Infinity;
  const relativeGate = lufs(blocks.reduce((a, b) => a + b, 0) / blocks.length) - 10;
  const loud = blocks.filter((z) => lufs(z) > relativeGate);
  return lufs(loud.reduce((a, b) => a + b, 0) / loud.length);
}

/** Taps on each side of an interpolated point; more taps, flatter response up to Nyquist. */
const TRUE_PEAK_HALF_TAPS = 12;
const OVERSAMPLING = 4;

/** Kaiser-windowed sinc interpolators for the points 1/4, 2/4 and 3/4 of the way between two samples. */
const truePeakPhases: Float64Array[] = (() => {
  const besselI0 = (x: number) => {
    let sum = 1;
    let term = 1;
    for (let k = 1; k < 30; k++) {
      term *= (x / (2 * k)) ** 2;
      sum += term;
    }
    return sum;
  };
  const beta = 6;
  const phases: Float64Array[] = [];
  for (let p = 1; p < OVERSAMPLING; p++) {
    const taps = new Float64Array(2 * TRUE_PEAK_HALF_TAPS);
    const frac = p / OVERSAMPLING;
    for (let j = 0; j < taps.length; j++) {
      const t = j - (TRUE_PEAK_HALF_TAPS - 1) - frac; // distance from the point to sample j
      const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
      const w = t / TRUE_PEAK_HALF_TAPS;
      taps[j] = sinc * (Math.abs(w) < 1 ? besselI0(beta * Math.sqrt(1 - w * w)) / besselI0(beta) : 0);
    }
    const sum = taps.reduce((a, b) => a + b, 0);
    phases.push(taps.map((v) => v / sum)); // exact at DC
  }
  return phases;
})();

function truePeak(samples: Float32Array): number {
  const half = TRUE_PEAK_HALF_TAPS;
  // zeros around the audio, so the interpolators need no bounds checks
  const padded = new Float64Array(samples.length + 2 * half);
  padded.set(samples, half);
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  // the points between padded[i + half - 1] and padded[i + half], for every gap including both ends
  for (let i = 0; i <= samples.length; i++) {
    for (const taps of truePeakPhases) {
      let y = 0;
      for (let j = 0; j < taps.length; j++) y += taps[j]! * padded[i + j]!;
      peak = Math.max(peak, Math.abs(y));
    }
  }
  return peak;
}

/** Gated integrated loudness alone (LUFS), without the cost of the true peak. */
function integratedLufs(samples: Float32Array, sampleRate: number): number {
  return integratedLoudness(kWeightedSquares(samples, sampleRate), sampleRate);
}

/** Loudness and peaks of mono audio (full scale ±1). */
export function measureLoudness(samples: Float32Array, sampleRate: number): LoudnessMeasurement {
  let samplePeak = 0;
  for (let i = 0; i < samples.length; i++) samplePeak = Math.max(samplePeak, Math.abs(samples[i]!));
  return {
    integratedLufs: integratedLufs(samples, sampleRate),
    truePeakDbtp: toDb(truePeak(samples)),
    samplePeakDbfs: toDb(samplePeak),
  };
}

export interface LoudnessNormalizer {
  /** Takes the next PCM; returns the output it can give so far (input delayed by latencySamples). */
  process(pcm: Int16Array): Int16Array;
  /** Returns the last latencySamples of output. The normalizer cannot be used after. */
  flush(): Int16Array;
  /** How far the output lags the input: the limiter's look-ahead. */
  readonly latencySamples: number;
}

export interface NormalizerOptions {
  sampleRate: number;
  /** The voice's gain to the target loudness, applied before the limiter (see voiceGainDb). */
  gainDb: VoiceGain;
  /** No true peak of the output goes above this (dBTP). */
  ceilingDbtp?: number;
}

/** The limiter sees a peak this long before it plays, and reaches the gain it needs in that time. */
const LOOK_AHEAD_SECONDS = 0.005;
/** Time constant of the gain's return to 1 after a peak. */
const RELEASE_SECONDS = 0.08;
/**
 * The limiter aims this far under its ceiling: the gain changes a little across the interpolators'
 * taps, which can lift a point between samples by a few hundredths of a dB.
 */
const TRUE_PEAK_MARGIN_DB = 0.05;
/**
 * MP3 smears a sound that starts out of a pause over its block (pre-echo): on a two-hour espeak
 * episode the decoded peak overshot the PCM's by up to 1.9 dB in the first 100 ms after a pause, and
 * by under 0.8 dB anywhere else. So the first ONSET_SECONDS of sound after a pause (QUIET_RUN_SECONDS
 * below QUIET_LEVEL) are limited ONSET_HEADROOM_DB further under the ceiling: with a -2 dBTP ceiling
 * that episode's MP3 then peaked at -1.6 dBTP instead of -0.5, for about half a LU of loudness
 * (which the voice gains make up).
 */
const ONSET_SECONDS = 0.1;
const ONSET_HEADROOM_DB = 1.5;
const QUIET_LEVEL = 0.01;
const QUIET_RUN_SECONDS = 0.002;
/** The most any interpolator can make of samples that are all at most 1: below ceiling / this, no true peak can reach the ceiling. */
const TRUE_PEAK_GAIN_BOUND = Math.max(...truePeakPhases.map((taps) => taps.reduce((sum, t) => sum + Math.abs(t), 0)));

/** How far the output lags the input: the true-peak detector's half window, then the look-ahead. */
function limiterLatency(sampleRate: number): { lookAhead: number; latency: number } {
  const lookAhead = Math.max(1, Math.round(sampleRate * LOOK_AHEAD_SECONDS));
  return { lookAhead, latency: lookAhead + TRUE_PEAK_HALF_TAPS };
}

/**
 * A fixed gain, then a look-ahead true-peak limiter. Each sample's level is the highest of its own
 * value and the 4× oversampled points on either side of it (the meter's interpolators, streaming:
 * known TRUE_PEAK_HALF_TAPS samples later); it needs a gain of at most ceiling / level. The gain
 * applied is the lowest need seen over the look-ahead window, released exponentially, then averaged
 * over the window: the average of values that all cover the sample about to play is never above its
 * need, and it moves by at most 1 / window per sample, so no click. Every step is per sample, so the
 * output does not depend on how the input is cut into chunks; the work per sample is constant.
 */
export function createLoudnessNormalizer(options: NormalizerOptions): LoudnessNormalizer {
  if (options.gainDb === 'adaptive') return createAdaptiveNormalizer(options);
  const gain = fromDb(options.gainDb) / 32768;
  const ceiling = fromDb((options.ceilingDbtp ?? DEFAULT_CEILING_DBTP) - TRUE_PEAK_MARGIN_DB);
  const ceilingInt = Math.floor(ceiling * 32768);
  const { lookAhead, latency } = limiterLatency(options.sampleRate);
  const window = lookAhead + 1;
  const release = 1 - Math.exp(-1 / (options.sampleRate * RELEASE_SECONDS));

  // The true-peak detector: the last `span` gained inputs, each written twice (slots s and s + span)
  // so the interpolators read them in one run; how many of them are loud enough to matter.
  const span = 2 * TRUE_PEAK_HALF_TAPS;
  const recent = new Float64Array(2 * span);
  const quiet = ceiling / TRUE_PEAK_GAIN_BOUND;
  let loudInRecent = 0;
  const onsetCeiling = ceiling * fromDb(-ONSET_HEADROOM_DB);
  const onsetSamples = Math.round(options.sampleRate * ONSET_SECONDS);
  const quietRunSamples = Math.max(1, Math.round(options.sampleRate * QUIET_RUN_SECONDS));
  let quietRun = 0; // samples in a row below QUIET_LEVEL, up to the newest
  let sincePause = 0; // samples since the last pause ended (the episode starts out of silence)
  let peakBefore = 0; // the highest point between the sample being measured and the one before it
  let taken = 0; // samples taken in, including the silence after the end that flush feeds

  const [quarter, half, threeQuarters] = truePeakPhases as [Float64Array, Float64Array, Float64Array];
  /** The highest interpolated point between samples taken - HALF - 1 and taken - HALF. */
  const peakBetween = (): number => {
    if (loudInRecent === 0) return 0;
    const first = taken % span; // slot of the oldest sample held
    let y1 = 0;
    let y2 = 0;
    let y3 = 0;
    for (let j = 0; j < span; j++) {
      const x = recent[first + j]!;
      y1 += quarter[j]! * x;
      y2 += half[j]! * x;
      y3 += threeQuarters[j]! * x;
    }
    return Math.max(Math.abs(y1), Math.abs(y2), Math.abs(y3));
  };

  // the gained input, waiting for its gain (ring buffer of `window`; slot m % window is sample m)
  const delayed = new Float64Array(window);
  // sliding minimum of the needed gain over the last `window` samples: a deque of sample numbers
  // whose needs rise from front to back
  const dequeIndex = new Float64Array(window);
  const dequeNeed = new Float64Array(window);
  let dequeHead = 0;
  let dequeLength = 0;
  // the released minimum over the last `window` samples, for the average
  const held = new Float64Array(window).fill(1);
  let heldSum = window;
  let envelope = 1;
  let m = 0; // samples measured and taken into the limiter
  let flushed = false;

  /** Takes sample m (with its true-peak level and ceiling) into the limiter; returns the gain for sample m - lookAhead. */
  const limit = (x: number, level: number, limitTo: number): number => {
    const need = level > limitTo ? limitTo / level : 1;
    if (dequeLength > 0 && dequeIndex[dequeHead]! <= m - window) {
      dequeHead = (dequeHead + 1) % window;
      dequeLength--;
    }
    while (dequeLength > 0 && dequeNeed[(dequeHead + dequeLength - 1) % window]! >= need) dequeLength--;
    const back = (dequeHead + dequeLength) % window;
    dequeIndex[back] = m;
    dequeNeed[back] = need;
    dequeLength++;
    const lowest = dequeNeed[dequeHead]!;
    envelope = Math.min(lowest, envelope + (1 - envelope) * release);
    const slot = m % window;
    heldSum += envelope - held[slot]!;
    held[slot] = envelope;
    delayed[slot] = x;
    m++;
    return heldSum / window;
  };

  /**
   * Takes one gained sample in; once sample taken - latency exists, writes it, with its gain, to
   * out[taken - latency - first] (when that is inside `out`).
   */
  const step = (x: number, out: Int16Array, first: number) => {
    const slot = taken % span;
    if (Math.abs(recent[slot]!) > quiet) loudInRecent--;
    if (Math.abs(x) > quiet) loudInRecent++;
    recent[slot] = x;
    recent[slot + span] = x;
    taken++;
    quietRun = Math.abs(x) < QUIET_LEVEL ? quietRun + 1 : 0;
    sincePause = quietRun >= quietRunSamples ? 0 : sincePause + 1;
    if (taken < TRUE_PEAK_HALF_TAPS) return;
    // sample taken - HALF - 1 now has every neighbour its interpolators need
    const peakAfter = peakBetween();
    if (taken === TRUE_PEAK_HALF_TAPS) {
      peakBefore = peakAfter; // before the first sample
      return;
    }
    const sample = recent[(taken - TRUE_PEAK_HALF_TAPS - 1) % span]!;
    // the pause is judged at the newest sample, TRUE_PEAK_HALF_TAPS after this one
    const onset = sincePause <= onsetSamples + TRUE_PEAK_HALF_TAPS;
    const g = limit(sample, Math.max(Math.abs(sample), peakBefore, peakAfter), onset ? onsetCeiling : ceiling);
    peakBefore = peakAfter;
    const at = taken - 1 - latency - first;
    if (at < 0 || at >= out.length) return;
    const value = Math.round(delayed[(m - 1 - lookAhead) % window]! * g * 32768);
    // the average can sit a rounding error above the need
    out[at] = value > ceilingInt ? ceilingInt : value < -ceilingInt ? -ceilingInt : value;
  };

  let inputs = 0; // samples given to process
  return {
    latencySamples: latency,
    process(pcm) {
      if (flushed) throw new Error('The loudness normalizer was already flushed');
      const first = Math.max(0, inputs - latency);
      inputs += pcm.length;
      const out = new Int16Array(Math.max(0, inputs - latency) - first);
      for (let i = 0; i < pcm.length; i++) step(pcm[i]! * gain, out, first);
      return out;
    },
    flush() {
      if (flushed) throw new Error('The loudness normalizer was already flushed');
      flushed = true;
      const first = Math.max(0, inputs - latency); // the first sample not yet given out
      const out = new Int16Array(inputs - first);
      // silence after the end: it needs no gain reduction
      for (let i = 0; i < latency; i++) step(0, out, first);
      return out;
    },
  };
}

/**
 * What 64 kbps MP3 takes off the loudness, measured on the espeak voices: 0.4 to 0.5 LU (the
 * encoded then decoded audio comes back 0.4 dB quieter at every frequency, and a little more goes
 * with the top band LAME cuts). The espeak gains include it; the adaptive rule, which never sees the
 * MP3, aims this much above the target instead.
 */
const MP3_LOSS_LU = 0.45;
/** The adaptive rule measures at least this much of the voice before it fixes the gain. */
const SETTLE_SECONDS = 5;
/** If the voice is still silent after this long, the gain is fixed at 0 dB rather than hold more. */
const MAX_HOLD_SECONDS = 30;
/** The adaptive gain never goes beyond ±this, so near-silence is not raised into noise. */
const MAX_ADAPTIVE_GAIN_DB = 20;

export interface AdaptiveNormalizer extends LoudnessNormalizer {
  /** The gain chosen, once settled. */
  readonly gainDb: number | undefined;
}

/**
 * For a voice with no measured gain. The rule: hold the PCM until it holds SETTLE_SECONDS of audio
 * (or until flush, if shorter) and measure exactly those seconds; if they are silent, listen one
 * second longer at a time, up to MAX_HOLD_SECONDS, then settle on 0 dB. The gain is the one that
 * brings the measured audio, through the limiter, to the target plus the MP3's loss (±20 dB at
 * most); the held audio and everything after are played with it, fixed for the episode.
 * Before it settles nothing comes out; after, the output lags by latencySamples as in
 * createLoudnessNormalizer. The total output length still equals the total input length.
 */
export function createAdaptiveNormalizer(options: {
  sampleRate: number;
  targetLufs?: number;
  settleSeconds?: number;
  ceilingDbtp?: number;
}): AdaptiveNormalizer {
  const { sampleRate, ceilingDbtp } = options;
  const aim = (options.targetLufs ?? TARGET_LUFS) + MP3_LOSS_LU;
  let held: Int16Array[] = [];
  let heldLength = 0;
  let nextCheck = Math.round((options.settleSeconds ?? SETTLE_SECONDS) * sampleRate);
  let fixed: LoudnessNormalizer | undefined;
  let gainDb: number | undefined;

  const loudness = (pcm: Int16Array) => integratedLufs(Float32Array.from(pcm, (v) => v / 32768), sampleRate);
  const limited = (pcm: Int16Array, gain: number) => {
    const normalizer = createLoudnessNormalizer({ sampleRate, gainDb: gain, ceilingDbtp });
    return concatPcm([normalizer.process(pcm), normalizer.flush()]);
  };
  /**
   * The gain that brings `pcm` to the aim through the limiter, by the secant method: the limiter
   * takes more loudness off the more gain it gets, so 1 dB of gain can buy under 0.5 LU.
   */
  const gainToAim = (pcm: Int16Array, raw: number): number => {
    const clamp = (db: number) => Math.max(-MAX_ADAPTIVE_GAIN_DB, Math.min(MAX_ADAPTIVE_GAIN_DB, db));
    const result = (gain: number) => loudness(limited(pcm, gain));
    let g0 = clamp(aim - raw);
    let l0 = result(g0);
    let g1 = clamp(g0 + aim - l0);
    let l1 = result(g1);
    for (let i = 0; i < 6 && Math.abs(aim - l1) > 0.05 && l1 !== l0; i++) {
      [g0, g1] = [g1, clamp(g1 + ((aim - l1) * (g1 - g0)) / (l1 - l0))];
      [l0, l1] = [l1, result(g1)];
    }
    return g1;
  };
  /**
   * Fixes the gain once the held audio has speech in its first nextCheck samples (or at flush, from
   * all of it); returns the output due. Measuring a fixed length keeps chunking out of the result.
   */
  const settle = (final: boolean): Int16Array => {
    const audio = concatPcm(held);
    held = [audio];
    let raw: number;
    for (;;) {
      raw = loudness(final ? audio : audio.subarray(0, nextCheck));
      if (raw !== -Infinity || final || nextCheck >= MAX_HOLD_SECONDS * sampleRate) break;
      nextCheck += sampleRate; // silence so far: listen one second longer
      if (heldLength < nextCheck) return new Int16Array(0);
    }
    const gain = raw === -Infinity ? 0 : gainToAim(final ? audio : audio.subarray(0, nextCheck), raw);
    gainDb = gain;
    fixed = createLoudnessNormalizer({ sampleRate, gainDb: gain, ceilingDbtp });
    held = [];
    return fixed.process(audio);
  };

  return {
    latencySamples: limiterLatency(sampleRate).latency,
    get gainDb() {
      return gainDb;
    },
    process(pcm) {
      if (fixed) return fixed.process(pcm);
      held.push(pcm.slice());
      heldLength += pcm.length;
      return heldLength >= nextCheck ? settle(false) : new Int16Array(0);
    },
    flush() {
      const early = fixed ? new Int16Array(0) : settle(true);
      return concatPcm([early, fixed!.flush()]);
    },
  };
}

/** A voice's gain: a number (dB) measured once for the voice, or 'adaptive' to measure it while speaking. */
export type VoiceGain = number | 'adaptive';

/**
 * The gain that brings a voice to TARGET_LUFS in the MP3. espeak voices are synthetic and steady,
 * so each was measured once (scripts/bench/loudness.ts); any other voice is measured at run time.
 */
export function voiceGainDb(engine: 'espeak' | 'openai', voice: string): VoiceGain {
  return (engine === 'espeak' ? ESPEAK_VOICE_GAINS_DB[voice] : undefined) ?? 'adaptive';
}
