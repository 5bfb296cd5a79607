/**
 * The embedded voice: time to the first PCM (cold worker and warm), espeak's speed alone, and a
 * whole episode for a typical article (synthesis and MP3 encoding each in a worker thread): audio
 * seconds per wall second, time to the first stored segment and to the whole episode, and how long
 * the event loop was held up meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseHTML } from 'linkedom';
import { articleText } from '../../shared/text/article-text.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import { createMp3Encoder } from '../../server/machinery/audio/mp3-encoder.ts';
import { createEncoderPool } from '../../server/machinery/audio/episode-encoder.ts';
import { voiceGainDb } from '../../server/machinery/audio/loudness.ts';
import { scriptSentences } from '../../server/machinery/script/sentence-cutter.ts';
import { createEspeakEngine } from '../../server/machinery/speech/espeak-engine.ts';
import { speakEpisode } from '../../server/machinery/speech/episode.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/readability');
/** A script is at most about 1,500 tokens: roughly 1,000 words. */
const ARTICLE_WORDS = 1_000;

/** The corpus page closest to a typical article's length, cut to what a script would hold. */
function typicalArticle(): { id: string; text: string } {
  const fallback = Array.from({ length: 60 }, (_, i) =>
    `Paragraph ${i + 1} explains one more part of the story, with a date like March 3, 2024 and a price of $12.50.`,
  ).join('\n');
  if (!fs.existsSync(CORPUS)) return { id: 'generated', text: fallback };
  const pages = fs
    .readdirSync(CORPUS)
    .filter((id) => fs.existsSync(path.join(CORPUS, id, 'expected.html')))
    .map((id) => {
      const html = fs.readFileSync(path.join(CORPUS, id, 'expected.html'), 'utf8');
      const text = articleText(parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body);
      return { id, text, words: text.split(/\s+/).length };
    })
    .filter((p) => p.words >= ARTICLE_WORDS && /^[\x00-\x7f’“”—–\s]*$/u.test(p.text.slice(0, 2000)))
    .sort((a, b) => a.words - b.words);
  const page = pages[Math.floor(pages.length / 2)];
  if (!page) return { id: 'generated', text: fallback };
  return { id: page.id, text: page.text.split(/(?<=\s)/).slice(0, ARTICLE_WORDS).join('') };
}

async function firstPcmMs(engine: ReturnType<typeof createEspeakEngine>, text: string): Promise<number> {
  const started = performance.now();
  let first = 0;
  for await (const pcm of engine.synthesize(text, { voice: engine.defaultVoice })) {
    if (!first && pcm.length) first = performance.now() - started;
  }
  return first;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function benchSpeech(): Promise<void> {
  const article = typicalArticle();
  const words = article.text.split(/\s+/).filter(Boolean).length;
  const engine = createEspeakEngine();
  const encoders = createEncoderPool({ size: 1 });
  const episode = (text: string, onSegment: () => void = () => {}) =>
    speakEpisode({
      engine,
      voice: engine.defaultVoice,
      sentences: scriptSentences(text),
      encoders,
      gainDb: voiceGainDb('espeak', engine.defaultVoice),
      onSegment: async () => onSegment(),
    });
  try {
    const sentence = 'The council voted on Tuesday to build three new parks.';
    const cold = await firstPcmMs(engine, sentence);
    // JIT warm-up: the worker's wasm runs slowly for its first second or so of work.
    await episode(article.text.slice(0, 6_000));
    const warm: number[] = [];
    for (let i = 0; i < 10; i++) warm.push(await firstPcmMs(engine, sentence));

    // espeak alone, sentence by sentence as an episode speaks
    const sentences = scriptSentences(article.text).map((s) => prepareSpeechText(s.text));
    const pieces: Int16Array[] = [];
    let started = performance.now();
    for (const text of sentences) for await (const pcm of engine.synthesize(text, { voice: engine.defaultVoice })) pieces.push(pcm);
    const synthWall = (performance.now() - started) / 1000;
    const synthAudio = pieces.reduce((n, p) => n + p.length, 0) / engine.sampleRate;

    // LAME alone, on that audio
    const encoder = await createMp3Encoder({ sampleRate: engine.sampleRate });
    started = performance.now();
    for (const pcm of pieces) encoder.encode(pcm);
    encoder.finish();
    const encodeWall = (performance.now() - started) / 1000;

    // what the event loop does with nothing to run, to tell the machine's load from the episode's
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    idle.disable();

    // the whole episode
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    let firstSegmentMs = 0;
    started = performance.now();
    const result = await episode(article.text, () => {
      firstSegmentMs ||= performance.now() - started;
    });
    const episodeMs = performance.now() - started;
    loop.disable();

    console.log(`article               ${article.id}: ${words} words, ${sentences.length} sentences`);
    console.log(`machine               ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
    console.log(`first PCM             cold ${cold.toFixed(0)} ms (worker start, wasm, voice data); warm median ${median(warm).toFixed(1)} ms`);
    console.log(`espeak alone          ${synthAudio.toFixed(0)} s of audio in ${synthWall.toFixed(2)} s: ${(synthAudio / synthWall).toFixed(0)}× real time`);
    console.log(`MP3 encoding alone    ${synthAudio.toFixed(0)} s of audio in ${encodeWall.toFixed(2)} s: ${(synthAudio / encodeWall).toFixed(0)}× real time`);
    console.log(`episode (voice + MP3) ${(result.durationMs / 1000).toFixed(0)} s of audio (${(words / (result.durationMs / 60_000)).toFixed(0)} words/min) in ${(episodeMs / 1000).toFixed(2)} s: ${(result.durationMs / episodeMs).toFixed(0)}× real time, ${(result.bytes / 1024).toFixed(0)} KB`);
    console.log(`first segment stored  ${firstSegmentMs.toFixed(0)} ms (playable from then); whole episode after ${episodeMs.toFixed(0)} ms, ${result.segments} segments`);
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(`event loop delay      p99 ${ms(loop.percentile(99))} ms, max ${ms(loop.max)} ms during the episode (idle: p99 ${ms(idle.percentile(99))} ms, max ${ms(idle.max)} ms)`);
  } finally {
    await Promise.all([engine.close(), encoders.close()]);
  }
}
