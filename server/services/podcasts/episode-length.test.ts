import { afterAll, describe, expect, it } from 'vitest';
import { createEncoderPool } from '../../machinery/audio/episode-encoder.ts';
import { createEspeakEngine } from '../../machinery/speech/espeak-engine.ts';
import { speakThroughStages } from '../../test/stage-run.ts';
import { prose } from '../../test/pdf-document.ts';
import { checkEpisodeLength, speechSeconds } from './episode-length.ts';

const limits = { maxEpisodeMinutes: 120, premiumMaxEpisodeMinutes: 480 };
const refusal = (input: Parameters<typeof checkEpisodeLength>[0]) => {
  try {
    checkEpisodeLength(input);
  } catch (error) {
    return error as { code: string; message: string };
  }
  return null;
};

describe('the episode length limit', () => {
  it('lets an episode within the plan through, Premium further', () => {
    expect(refusal({ sources: [{ seconds: 7200 }], premium: false, mode: 'read', limits, shorterModes: true, premiumOffered: true })).toBeNull();
    expect(refusal({ sources: [{ seconds: 4 * 3600 }], premium: true, mode: 'read', limits, shorterModes: true, premiumOffered: true })).toBeNull();
  });

  it('refuses a long PDF with the limit and the first pages that fit, or a shorter mode', () => {
    expect(refusal({ sources: [{ seconds: 921_189, pages: 300 }], premium: false, mode: 'read', limits, shorterModes: true, premiumOffered: true })).toEqual(
      expect.objectContaining({
        code: 'EPISODE_TOO_LONG',
        message:
          'This episode would run about 255 hours 53 minutes: Pagecast makes episodes of up to 2 hours (8 hours with Premium). ' +
          'To hear it, make it from the first 2 pages of the PDF, or choose Podcast or Brief for a shorter retelling.',
      }),
    );
  });

  it('offers the first sources that fit when several sources are too long together', () => {
    const sources = [{ seconds: 3000 }, { seconds: 3000 }, { seconds: 3000 }];
    expect(refusal({ sources, premium: true, mode: 'read', limits: { maxEpisodeMinutes: 60, premiumMaxEpisodeMinutes: 120 }, shorterModes: false, premiumOffered: true })?.message).toBe(
      'This episode would run about 2 hours 30 minutes: Pagecast makes episodes of up to 2 hours. To hear it, make it from the first 2 sources.',
    );
  });
});

describe('speechSeconds: what the voice will take, within 15%', () => {
  const speech = createEspeakEngine();
  const encoders = createEncoderPool({ size: 1 });
  afterAll(async () => {
    await encoders.close?.();
    await speech.close?.();
  });

  it.each([
    ['prose', prose(5, 12)],
    ['short lines', Array.from({ length: 40 }, (_, i) => `Line ${i}.`).join('\n')],
    ['numbers', Array.from({ length: 30 }, (_, i) => `${123456 + i * 7919}`).join(' ')],
    ['single letters', Array.from({ length: 3 }, () => Array.from({ length: 300 }, () => 'A').join(' ')).join('\n')],
  ])('%s', async (_kind, text) => {
    const cues = await speakThroughStages({ title: 'A text', text, sourceUrl: '', lines: null }, speech, encoders);
    const spoken = cues.at(-1)!.endMs / 1000;
    // The voice measured at 168 words a minute (espeak's English).
    expect(Math.abs(speechSeconds(text, 168) - spoken) / spoken).toBeLessThan(0.15);
  });
});
