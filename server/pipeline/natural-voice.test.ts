/**
 * Through the stages a conversion runs (prepare, script, speech): with a natural English voice
 * installed and no key, an English article is spoken by it, from the first sentence to the last,
 * and a German one (no German voice installed) by espeak's German voice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEncoderPool } from '../machinery/audio/episode-encoder.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { createNaturalEngine } from '../machinery/speech/natural-engine.ts';
import { createVoiceStore } from '../machinery/voices/voice-store.ts';
import { piperVoiceEntries, serveArchives, tarBz2 } from '../test/fake-voice.ts';
import { speakThroughStages } from '../test/stage-run.ts';
import type { Article } from './ports.ts';

const FOLDER = 'vits-piper-en_US-test-low';
const encoders = createEncoderPool({ size: 1 });
let engine: SpeechEngine;

beforeAll(async () => {
  const archive = await tarBz2(piperVoiceEntries(FOLDER, 'en_US-test-low.onnx'));
  const server = await serveArchives({ [`${FOLDER}.tar.bz2`]: archive });
  const store = createVoiceStore({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-stage-voices-')),
    modelsUrl: server.url,
    downloads: true,
    catalogue: [
      {
        id: 'piper-en-us-test', name: 'Test voice', language: 'en', kind: 'piper', quality: 'low', gender: 'female',
        archive: `${FOLDER}.tar.bz2`, model: 'en_US-test-low.onnx', approxBytes: archive.length, sha256: null,
        licence: 'CC0-1.0', licenceSource: 'https://example.test/MODEL_CARD', licenceUse: 'commercial', sampleRate: 22_050,
      },
    ],
  });
  await store.install('piper-en-us-test');
  await server.close();
  engine = createNaturalEngine({ store, espeak: createEspeakEngine() });
});
afterAll(() => Promise.all([engine.close(), encoders.close()]));

const ARTICLES: Record<string, Article> = {
  en: { title: 'A New Bridge', text: 'The council met on Tuesday.\nMost residents came to the meeting.', sourceUrl: 'https://example.com/en', declaredLanguage: 'en' },
  de: {
    title: 'Eine neue Brücke',
    text: 'Der Stadtrat hat am Dienstag über die neue Brücke gesprochen.\nDie meisten Bewohner waren für den Plan, aber einige Ladenbesitzer hatten Sorgen.',
    sourceUrl: 'https://example.com/de',
    declaredLanguage: 'de',
  },
};

it.each([
  ['en', 'piper-en-us-test'],
  ['de', 'de'],
])('an article in %s is spoken by %s', async (language, expected) => {
  const asked: string[] = [];
  const speech: SpeechEngine = {
    ...engine,
    defaultVoice: engine.defaultVoice,
    voices: () => engine.voices(),
    naturalVoices: (l) => engine.naturalVoices!(l),
    synthesize: (text, options) => {
      asked.push(options.voice);
      return engine.synthesize(text, options);
    },
  };
  const cues = await speakThroughStages({ ...ARTICLES[language]!, mode: 'read' }, speech, encoders);

  expect(cues.length).toBeGreaterThan(1);
  expect(new Set(asked)).toEqual(new Set([expected]));
});
