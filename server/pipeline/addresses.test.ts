/**
 * An address in an article is heard, not silenced, through the stages a conversion runs (prepare,
 * script, speech): in read mode and in the template script (brief, no AI) alike, the transcript's
 * sentence keeps the address as written and the voice receives it as words.
 */
import { afterAll, expect, it } from 'vitest';
import type { PodcastMode } from '../../shared/constants.ts';
import { createEncoderPool } from '../machinery/audio/episode-encoder.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { speakThroughStages } from '../test/stage-run.ts';
import type { Article } from './ports.ts';

const encoders = createEncoderPool({ size: 1 });
afterAll(() => encoders.close());

const ARTICLE: Article = {
  title: 'Where the Mail Went',
  text: [
    'To check your mail, simply type www.msn.com. It opens in any browser.',
    'The history is on https://en.wikipedia.org/wiki/MSN_(disambiguation) for anyone curious.',
    'Questions go to press@example.org.',
  ].join('\n'),
  sourceUrl: 'https://example.com/mail',
  declaredLanguage: 'en',
};

/** A voice that keeps what it was asked to say and answers with a tenth of a second of tone. */
function listeningVoice(heard: string[]): SpeechEngine {
  return {
    name: 'espeak',
    sampleRate: 22_050,
    maxChunkChars: 2_000,
    defaultVoice: 'en-us',
    voices: async () => [],
    close: async () => {},
    async *synthesize(text) {
      heard.push(text);
      yield Int16Array.from({ length: 2_205 }, (_, i) => Math.round(8_000 * Math.sin(i / 8)));
    },
  };
}

it.each<PodcastMode>(['read', 'brief'])('in %s mode a sentence with an address is spoken with it', async (mode) => {
  const heard: string[] = [];
  const cues = await speakThroughStages({ ...ARTICLE, mode }, listeningVoice(heard), encoders);

  const said = heard.join(' ');
  const shown = cues.map((c) => c.text);
  expect(shown).toContain('To check your mail, simply type www.msn.com.');
  expect(said).toContain('To check your mail, simply type msn dot com.');
  expect(shown).toContain('The history is on https://en.wikipedia.org/wiki/MSN_(disambiguation) for anyone curious.');
  expect(said).toContain('The history is on wikipedia dot org for anyone curious.');
  expect(shown).toContain('Questions go to press@example.org.');
  expect(said).toContain('Questions go to press at example dot org.');
  expect(said).not.toMatch(/www|https|@/);
});
