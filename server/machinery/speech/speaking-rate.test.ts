import { afterAll, describe, expect, it } from 'vitest';
import { createEncoderPool } from '../audio/episode-encoder.ts';
import { voiceLike } from '../../test/voices.ts';
import { createEspeakEngine } from './espeak-engine.ts';
import { createSpeakingRates, MEASURED_WORDS_PER_MINUTE } from './speaking-rate.ts';
import { listVoices } from '../../use-cases/list-voices.ts';
import { ASSUMED_WORDS_PER_MINUTE } from '../../pipeline/voice-rate.ts';
import { SAFETY_NET_MS } from '../../test/wait.ts';

describe('speaking rates', () => {
  const espeak = createEspeakEngine();
  const encoders = createEncoderPool({ size: 1 });
  afterAll(async () => {
    await Promise.all([espeak.close(), encoders.close()]);
  });

  it('answers a stored rate at once, without speaking', async () => {
    let spoken = 0;
    const rates = createSpeakingRates(voiceLike(espeak, (text, options) => (spoken++, espeak.synthesize(text, options))), encoders);
    expect(await rates.wordsPerMinute('en-us')).toBe(MEASURED_WORDS_PER_MINUTE.espeak!['en-us']);
    expect(spoken).toBe(0);
  });

  it('does not keep the first episode in an unmeasured voice waiting: it is measured once, beside it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let spoken = 0;
    const slow = voiceLike(espeak, async function* (text, options) {
      spoken++;
      await gate;
      yield* espeak.synthesize(text, options);
    });
    const rates = createSpeakingRates(slow, encoders);
    // The voice has not said a word yet, and both asks are answered: unmeasured.
    expect(await rates.wordsPerMinute('de')).toBeUndefined();
    expect(await rates.wordsPerMinute('de')).toBeUndefined();
    open();
    await expect.poll(() => rates.wordsPerMinute('de'), { timeout: SAFETY_NET_MS }).toBeGreaterThan(100);
    const rate = await rates.wordsPerMinute('de');
    expect(rate).toBeLessThan(260);
    // One measurement: the passage was spoken once, and not again once known.
    const once = spoken;
    expect(await rates.wordsPerMinute('de')).toBe(rate);
    expect(spoken).toBe(once);
  });

  it('a list of the voices speaks none of them: an unmeasured voice is listed at the assumed rate', async () => {
    let spoken = 0;
    const counted = {
      ...voiceLike(espeak, (text, options) => (spoken++, espeak.synthesize(text, options))),
      voices: async () => [{ id: 'en-us', name: 'American English', premium: false }, { id: 'de', name: 'Deutsch', premium: true }],
    };
    const { voices } = await listVoices({ speech: counted, pipeline: { wordsPerMinute: createSpeakingRates(counted, encoders).wordsPerMinute } });
    expect(voices.find((v) => v.id === 'en-us')?.wordsPerMinute).toBe(MEASURED_WORDS_PER_MINUTE.espeak!['en-us']);
    expect(voices.find((v) => v.id === 'de')?.wordsPerMinute).toBe(ASSUMED_WORDS_PER_MINUTE);
    expect(spoken).toBe(0);
  });

  it('tries a failed measurement again the next time the voice is asked for', async () => {
    let attempts = 0;
    const failing = voiceLike(espeak, async function* () {
      attempts++;
      yield* [];
      throw new Error('The speech service is down');
    });
    const warnings: string[] = [];
    const logger = { warn: (msg: string) => void warnings.push(msg) } as unknown as Parameters<typeof createSpeakingRates>[2];
    const rates = createSpeakingRates(failing, encoders, logger);
    expect(await rates.wordsPerMinute('fr')).toBeUndefined();
    await expect.poll(() => warnings.length, { timeout: SAFETY_NET_MS }).toBe(1);
    const first = attempts;
    expect(await rates.wordsPerMinute('fr')).toBeUndefined();
    await expect.poll(() => warnings.length, { timeout: SAFETY_NET_MS }).toBe(2);
    expect(attempts).toBeGreaterThan(first);
  });
});
