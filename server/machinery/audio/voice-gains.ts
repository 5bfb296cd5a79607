/**
 * The gain of each espeak voice, in dB: what brings its speech to -16 LUFS in the episode MP3, through
 * the loudness normalizer (true-peak limiter) and 64 kbps encoding. Measured by
 * `npx tsx scripts/bench/loudness.ts` (its "calibrated gain" column); measure again after changing
 * espeak-ng, the limiter or the encoder.
 * The raw loudness of each voice (LUFS) is noted beside its gain: the limiter takes 2 to 8 LU off on
 * the way (espeak's peaks stand far above its loudness), so the gains are larger than the difference
 * to -16.
 */
export const ESPEAK_VOICE_GAINS_DB: Readonly<Record<string, number>> = {
  'en-us': 12.7, // raw -21.0
  'en-us-female': 7.1, // raw -20.1
  'en-gb': 11.8, // raw -20.3
  'en-gb-female': 5.9, // raw -18.4
  'en-gb-x-rp': 12.7, // raw -20.4
  'en-gb-scotland': 13.6, // raw -20.0
  'en-029': 10.8, // raw -19.9
  'en-us-nyc': 12.7, // raw -20.7
};
