/** The gain of a voice with none measured, found from its first seconds while it speaks. */
import { concatPcm } from './pcm.ts';
import { createLimiter, limiterLatency, type LoudnessNormalizer } from './limiter.ts';
import { integratedLufs, TARGET_LUFS } from './loudness-meter.ts';

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
    const normalizer = createLimiter({ sampleRate, gainDb: gain, ceilingDbtp });
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
    fixed = createLimiter({ sampleRate, gainDb: gain, ceilingDbtp });
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
