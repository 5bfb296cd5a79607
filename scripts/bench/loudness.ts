/**
 * Loudness of each espeak voice, and the calibration of its gain: a fixed passage is spoken, its raw
 * loudness measured, then the gain that brings it to TARGET_LUFS through the normalizer and 64 kbps
 * MP3 is found (a few corrections, as the limiter takes off loudness). The table shows the result
 * with the gain in server/machinery/audio/voice-gains.ts, which is what episodes use; when the
 * calibrated gain drifts from it, copy the new figures there.
 *
 * Then whole episodes as the speech stage makes them (speakEpisode, the encoder worker, the voice's
 * gain): a 20,000-word article, and a German and a Russian page from ../shared/corpora in their
 * languages' voices (measured while speaking), each checked against -16 LUFS ± 1 and -1 dBTP.
 *
 *   npx tsx scripts/bench/loudness.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseHTML } from 'linkedom';
import { articleText } from '../../shared/text/article-text.ts';
import { MAX_TRUE_PEAK_DBTP, measureLoudness, TARGET_LUFS, type LoudnessMeasurement } from '../../server/machinery/audio/loudness-meter.ts';
import { createLoudnessNormalizer, voiceGainDb } from '../../server/machinery/audio/loudness.ts';
import { createEncoderPool } from '../../server/machinery/audio/episode-encoder.ts';
import { createMp3Encoder } from '../../server/machinery/audio/mp3-encoder.ts';
import { scriptSentences } from '../../server/machinery/script/sentence-cutter.ts';
import { speakEpisode } from '../../server/machinery/speech/episode.ts';
import { createEspeakEngine, ESPEAK_VOICES } from '../../server/machinery/speech/espeak-engine.ts';
import type { SpeechEngine } from '../../server/machinery/speech/engine.ts';
import { decodeMp3 } from '../../server/test/mp3.ts';
import { concatPcm } from '../../server/machinery/audio/pcm.ts';
import { generateArticle } from './support/articles.ts';

/** About 330 words of plain news prose: statements, a question, a quotation, numbers. */
export const CALIBRATION_PASSAGE = [
  `The town of Millbrook has argued about its old railway station for almost forty years. The building
  has stood empty since the last passenger train left in the spring of nineteen eighty-six, its windows
  boarded and its clock stopped at a quarter past nine. Pigeons nest under the roof, and the platform is
  slowly disappearing beneath grass and young birch trees.`,
  `On Tuesday evening the council finally met to decide what should happen to it. Some residents want
  the station torn down to make room for two hundred apartments, which the town badly needs. Others hope
  to see it restored as a covered market, a library, or a hall for concerts and weddings. Both sides
  brought petitions, photographs and, in one case, a brass band.`,
  `"We owe it to the people who built this town," said Margaret Hale, who has led the campaign to save
  the building since her retirement as a history teacher. "Once it is gone, it is gone for good. Why
  would we throw away the one thing visitors actually stop to look at?" A developer answered that the
  roof alone would cost more to repair than the whole site is worth.`,
  `After three hours of debate, the council agreed on a compromise. It will spend about twelve thousand
  dollars on an independent study of both plans, to be finished by the end of June, and it will hold a
  public meeting in the autumn before any vote is taken. Until then, a fence will go up around the
  platform, and volunteers will be allowed inside on the first Saturday of each month to clear the
  weeds, count the pigeons and, if they can, start the clock again.`,
].map((p) => p.replace(/\s+/g, ' '));

/** The pause between paragraphs, as an episode puts between its parts. */
const PARAGRAPH_PAUSE_SECONDS = 0.3;
const BITRATE_KBPS = 64;

const toFloat = (pcm: Int16Array) => Float32Array.from(pcm, (v) => v / 32768);


/** The passage in one voice, as the PCM pieces the engine hands over, paragraphs apart. */
export async function speakPassage(engine: SpeechEngine, voice: string, paragraphs = CALIBRATION_PASSAGE): Promise<Int16Array[]> {
  const pieces: Int16Array[] = [];
  for (const [i, paragraph] of paragraphs.entries()) {
    if (i > 0) pieces.push(new Int16Array(Math.round(PARAGRAPH_PAUSE_SECONDS * engine.sampleRate)));
    for await (const pcm of engine.synthesize(paragraph, { voice })) pieces.push(pcm);
  }
  return pieces;
}

/** What a listener gets: the pieces through the normalizer and the MP3 encoder, decoded again. */
export async function normalizedMp3(pieces: Int16Array[], sampleRate: number, gainDb: number): Promise<LoudnessMeasurement> {
  const normalizer = createLoudnessNormalizer({ sampleRate, gainDb });
  const encoder = await createMp3Encoder({ sampleRate, bitrateKbps: BITRATE_KBPS });
  const mp3: Uint8Array[] = pieces.map((pcm) => encoder.encode(normalizer.process(pcm)));
  mp3.push(encoder.encode(normalizer.flush()), encoder.finish());
  const decoded = await decodeMp3(new Uint8Array(Buffer.concat(mp3)));
  return measureLoudness(decoded.samples, decoded.sampleRate);
}

/**
 * The gain (to 0.1 dB) that brings the pieces to TARGET_LUFS in the MP3, by the secant method: the
 * limiter takes more loudness off the more gain it is given, so a dB of gain buys well under 1 LU.
 */
async function calibrate(pieces: Int16Array[], sampleRate: number, rawLufs: number): Promise<number> {
  const result = async (gain: number) => (await normalizedMp3(pieces, sampleRate, gain)).integratedLufs;
  let [g0, g1] = [TARGET_LUFS - rawLufs, TARGET_LUFS - rawLufs + 3];
  let [l0, l1] = [await result(g0), await result(g1)];
  for (let i = 0; i < 6 && Math.abs(l1 - TARGET_LUFS) > 0.02 && l1 !== l0; i++) {
    [g0, g1] = [g1, g1 + ((TARGET_LUFS - l1) * (g1 - g0)) / (l1 - l0)];
    [l0, l1] = [l1, await result(g1)];
  }
  return Math.round(g1 * 10) / 10;
}

/** One line per espeak voice, under a header. */
export async function loudnessBench(): Promise<string[]> {
  const engine = createEspeakEngine();
  const words = CALIBRATION_PASSAGE.join(' ').split(/\s+/).length;
  const cell = (value: number, width = 6) => (Number.isFinite(value) ? value.toFixed(1) : String(value)).padStart(width);
  const lines = [
    `passage: ${words} words; target ${TARGET_LUFS} LUFS, true peak ≤ ${MAX_TRUE_PEAK_DBTP} dBTP, after the normalizer and ${BITRATE_KBPS} kbps MP3`,
    'voice           | seconds | raw LUFS | raw dBTP | calibrated gain | table gain | MP3 LUFS | MP3 dBTP',
  ];
  try {
    for (const voice of ESPEAK_VOICES) {
      const pieces = await speakPassage(engine, voice.id);
      const pcm = concatPcm(pieces);
      const raw = measureLoudness(toFloat(pcm), engine.sampleRate);
      const calibrated = await calibrate(pieces, engine.sampleRate, raw.integratedLufs);
      const table = voiceGainDb('espeak', voice.id);
      const result = typeof table === 'number' ? await normalizedMp3(pieces, engine.sampleRate, table) : undefined;
      lines.push(
        [
          voice.id.padEnd(15),
          cell(pcm.length / engine.sampleRate, 7),
          cell(raw.integratedLufs, 8),
          cell(raw.truePeakDbtp, 8),
          `${cell(calibrated, 12)} dB`,
          typeof table === 'number' ? `${cell(table, 7)} dB` : '    missing',
          cell(result?.integratedLufs ?? NaN, 8),
          cell(result?.truePeakDbtp ?? NaN, 8),
        ].join(' | '),
      );
    }
  } finally {
    await engine.close();
  }
  return lines;
}

const CORPORA = path.resolve(import.meta.dirname, '../../../shared/corpora');

interface BenchEpisode {
  name: string;
  text: string;
  language: string;
  voices: string[];
}

/** The long article, and the German and Russian pages when the corpora are there. */
function benchEpisodes(): BenchEpisode[] {
  const episodes: BenchEpisode[] = [{ name: '20,000-word article', text: generateArticle(20_000).text, language: 'en', voices: ['en-us'] }];
  const heise = path.join(CORPORA, 'readability/heise/expected.html');
  if (fs.existsSync(heise)) {
    const html = fs.readFileSync(heise, 'utf8');
    const text = articleText(parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body);
    episodes.push({ name: 'German page (heise)', text, language: 'de', voices: ['de', 'de-female'] });
  }
  const truth = path.join(CORPORA, 'aeb/ground-truth.json');
  if (fs.existsSync(truth)) {
    const pages = JSON.parse(fs.readFileSync(truth, 'utf8')) as Record<string, { articleBody: string }>;
    const russian = pages['ff0f958ade714ebfaf5c0b42b1c0152a62063f4e6f72141406ccefc4a2677f21'];
    if (russian) episodes.push({ name: 'Russian page (aeb ff0f958a)', text: russian.articleBody, language: 'ru', voices: ['ru', 'ru-female'] });
  }
  return episodes;
}

/** One line per episode and voice: the stored MP3's loudness and true peak, and whether both keep the promise. */
export async function episodeLoudnessBench(): Promise<string[]> {
  const engine = createEspeakEngine();
  const encoders = createEncoderPool({ size: 1 });
  const lines = ['episode                     | voice      | words  | minutes | gain     | MP3 LUFS | MP3 dBTP | within'];
  try {
    for (const episode of benchEpisodes()) {
      const words = episode.text.split(/\s+/).filter(Boolean).length;
      for (const voice of episode.voices) {
        const gainDb = voiceGainDb('espeak', voice);
        const parts: Uint8Array[] = [];
        await speakEpisode({
          engine,
          voice,
          language: episode.language,
          sentences: scriptSentences(episode.text),
          encoders,
          gainDb,
          onSegment: async (segment) => void parts.push(segment.bytes),
        });
        const decoded = await decodeMp3(new Uint8Array(Buffer.concat(parts)));
        const { integratedLufs, truePeakDbtp } = measureLoudness(decoded.samples, decoded.sampleRate);
        const within = Math.abs(integratedLufs - TARGET_LUFS) <= 1 && truePeakDbtp <= MAX_TRUE_PEAK_DBTP;
        lines.push(
          [
            episode.name.padEnd(27),
            voice.padEnd(10),
            String(words).padStart(6),
            (decoded.durationMs / 60_000).toFixed(1).padStart(7),
            (typeof gainDb === 'number' ? `${gainDb.toFixed(1)} dB` : gainDb).padStart(8),
            integratedLufs.toFixed(1).padStart(8),
            truePeakDbtp.toFixed(2).padStart(8),
            within ? 'yes' : 'NO',
          ].join(' | '),
        );
      }
    }
  } finally {
    await Promise.all([engine.close(), encoders.close()]);
  }
  return lines;
}

export default async function benchLoudness(): Promise<void> {
  for (const line of await loudnessBench()) console.log(line);
  console.log('');
  for (const line of await episodeLoudnessBench()) console.log(line);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchLoudness();
