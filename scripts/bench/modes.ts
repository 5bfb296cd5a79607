/**
 * Modes: each espeak English voice's speaking rate (measured now by speaking the calibration passage
 * as an episode, beside the figure stored in speaking-rate.ts), and the length error of podcast mode
 * at 3 minutes over a few corpus pages: the local OpenAI-compatible server writes the script at the
 * asked length, espeak speaks it, and the audio's length is compared with the 3 minutes asked.
 *
 *   npm run bench -- modes
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEncoderPool } from '../../server/services/audio/episode-encoder.ts';
import { extractArticle } from '../../server/services/extract/extract-article.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { planScript } from '../../server/pipeline/script-plan.ts';
import { createScriptWriter } from '../../server/services/script/openai-writer.ts';
import { speakEpisode } from '../../server/services/speech/episode.ts';
import { createEspeakEngine, ESPEAK_VOICES } from '../../server/services/speech/espeak-engine.ts';
import { MEASURED_WORDS_PER_MINUTE, measureWordsPerMinute } from '../../server/services/speech/speaking-rate.ts';
import { FAKE_OPENAI_KEY, fakeScriptReply, startFakeOpenAi } from '../../server/test/fake-openai.ts';
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';

const PAGES = ['bbc-1', 'guardian-1', 'wapo-1'];
const MINUTES = 3;

export default async function modes(): Promise<void> {
  const engine = createEspeakEngine();
  const encoders = createEncoderPool({ size: 1 });
  const fake = await startFakeOpenAi({ chatReply: fakeScriptReply() });
  try {
    console.log('voice | words per minute (measured now) | stored');
    for (const voice of ESPEAK_VOICES) {
      const measured = await measureWordsPerMinute(engine, encoders, voice.id);
      console.log(`${voice.id} | ${measured} | ${MEASURED_WORDS_PER_MINUTE.espeak?.[voice.id] ?? '-'}`);
    }
    const rate = await measureWordsPerMinute(engine, encoders, 'en-us');
    const writer = createScriptWriter({ apiKey: FAKE_OPENAI_KEY, baseUrl: fake.url, model: undefined, logger: createLogger('silent') });
    console.log(`\npodcast mode, ${MINUTES} minutes asked, en-us at ${rate} wpm | spoken | error`);
    for (const name of PAGES) {
      const html = fs.readFileSync(path.join(import.meta.dirname, '../../../shared/corpora/readability', name, 'source.html'), 'utf8');
      const article = extractArticle(html, 'http://fakehost/test/page.html');
      const plan = planScript({ mode: 'podcast', minutes: MINUTES, language: 'en', text: article.text, lines: null, byline: null, wordsPerMinute: rate });
      const stream = writer.stream({ title: article.title, text: prepareScriptText(article.text) }, { plan });
      const result = await speakEpisode({ engine, voice: 'en-us', sentences: stream.sentences, encoders, gainDb: 0, onSegment: async () => {} });
      const error = (result.durationMs / 1000 - MINUTES * 60) / (MINUTES * 60);
      console.log(`${name} | ${(result.durationMs / 1000).toFixed(1)} s | ${(error * 100).toFixed(1)}%`);
    }
  } finally {
    await Promise.all([engine.close(), encoders.close(), fake.close()]);
  }
}
