/** Podcast loudness measured after ITU-R BS.1770-4 / EBU R128 (mono): integrated loudness and true peak. */

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

export const toDb = (linear: number) => 20 * Math.log10(linear);
export const fromDb = (db: number) => 10 ** (db / 20);
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
export const TRUE_PEAK_HALF_TAPS = 12;
const OVERSAMPLING = 4;

/** Kaiser-windowed sinc interpolators for the points 1/4, 2/4 and 3/4 of the way between two samples. */
export const truePeakPhases: Float64Array[] = (() => {
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
export function integratedLufs(samples: Float32Array, sampleRate: number): number {
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
