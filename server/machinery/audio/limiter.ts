/** The streaming stage that brings a voice to the target: a fixed gain, then a look-ahead true-peak limiter. */
import { DEFAULT_CEILING_DBTP, fromDb, TRUE_PEAK_HALF_TAPS, truePeakPhases } from './loudness-meter.ts';

export interface LoudnessNormalizer {
  /** Takes the next PCM; returns the output it can give so far (input delayed by latencySamples). */
  process(pcm: Int16Array): Int16Array;
  /** Returns the last latencySamples of output. The normalizer cannot be used after. */
  flush(): Int16Array;
  /** How far the output lags the input: the limiter's look-ahead. */
  readonly latencySamples: number;
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
export function limiterLatency(sampleRate: number): { lookAhead: number; latency: number } {
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
export function createLimiter(options: { sampleRate: number; gainDb: number; ceilingDbtp?: number }): LoudnessNormalizer {
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
