/**
 * Modes: each espeak English voice's speaking rate (measured now by speaking the calibration passage
 * as an episode, beside the figure stored in speaking-rate.ts), and the length error of podcast mode
 * at 3 minutes over a few corpus pages: the local OpenAI-compatible server writes the script at the
 * asked length, espeak speaks it, and the audio's length is compared with the 3 minutes asked.
 * Then each model the script writer meets (server/test/model-behaviours.ts) writes a 10-minute
 * podcast of one long corpus page: its length error, its requests, and when the first sentence and
 * the first of the model's own sentences were ready.
 *
 *   npm run bench -- modes
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEncoderPool } from '../../server/machinery/audio/episode-encoder.ts';
import { extractArticle } from '../../server/machinery/extract/extract-article.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { planScript } from '../../server/pipeline/script-plan.ts';
import { createScriptWriter } from '../../server/machinery/script/openai-writer.ts';
import { speakEpisode } from '../../server/machinery/speech/episode.ts';
import { createEspeakEngine, ESPEAK_VOICES } from '../../server/machinery/speech/espeak-engine.ts';
import { MEASURED_WORDS_PER_MINUTE, measureWordsPerMinute } from '../../server/machinery/speech/speaking-rate.ts';
import { DEFAULT_FAKE_BEHAVIOUR, FAKE_OPENAI_KEY, fakeScriptReply, startFakeOpenAi } from '../../server/test/fake-openai.ts';
import { MODEL_BEHAVIOURS } from '../../server/test/model-behaviours.ts';
import { countWords } from '../../server/machinery/script/script-format.ts';
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

    const html = fs.readFileSync(path.join(import.meta.dirname, '../../../shared/corpora/readability/wikipedia/source.html'), 'utf8');
    const long = extractArticle(html, 'http://fakehost/test/page.html');
    const text = prepareScriptText(long.text);
    console.log(`\nmodel (podcast mode, 10 minutes, a ${countWords(text)}-word page) | length error | requests | first sentence | first of the model's | recorded`);
    for (const { name: model, behaviour } of MODEL_BEHAVIOURS) {
      fake.setBehaviour({ ...DEFAULT_FAKE_BEHAVIOUR, chatReply: fakeScriptReply(), ...behaviour });
      fake.requests.length = 0;
      const plan = planScript({ mode: 'podcast', minutes: 10, language: 'en', text: long.text, lines: null, byline: null, wordsPerMinute: rate });
      const started = performance.now();
      const stream = writer.stream({ title: long.title, text }, { plan });
      const times: number[] = [];
      let words = 0;
      for await (const sentence of stream.sentences) {
        times.push(performance.now() - started);
        words += countWords(sentence.text);
      }
      const result = await stream.result;
      const error = ((words - plan.targetWords!) / plan.targetWords!) * 100;
      const requests = fake.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
      // The frame's welcome is two sentences; the model's words come after it.
      console.log(
        `${model} | ${error.toFixed(1)}% | ${requests} | ${times[0]!.toFixed(0)} ms | ${(times[2] ?? NaN).toFixed(0)} ms | ${result.fallbackReason ?? '-'}`,
      );
    }
  } finally {
    await Promise.all([engine.close(), encoders.close(), fake.close()]);
  }
}
