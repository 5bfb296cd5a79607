/**
 * The pacing of speech, measured on real pages spoken by every espeak voice: each voice's words a
 * minute on real episodes (beside the calibration passage's figure the server plans with), and how
 * well a text's pace (server/machinery/script/spoken-length.ts) tells a passage's length. Pages are
 * split by site before anything is fitted: the weights of syllables and sentence pauses are fitted on
 * the tuning half (freely, and summing to 1: no time a word's own), and the length error is reported
 * on both halves and on a text of only short, plain words (which no page is), for the weights in use,
 * syllables alone and blends between. PACE_VOICES=en-us measures one voice (a quicker run).
 *
 *   npm run bench -- speech-pace
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { articleText } from '../../shared/text/article-text.ts';
import { createEncoderPool } from '../../server/machinery/audio/episode-encoder.ts';
import { parseScript } from '../../server/machinery/script/script-format.ts';
import { PACE_WEIGHTS, paceFeatures, paceOf, type PaceWeights } from '../../server/machinery/script/spoken-length.ts';
import { speakEpisode } from '../../server/machinery/speech/episode.ts';
import { createEspeakEngine, ESPEAK_VOICES } from '../../server/machinery/speech/espeak-engine.ts';
import { MEASURED_WORDS_PER_MINUTE } from '../../server/machinery/speech/speaking-rate.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/readability');
const PAGES_PER_HALF = 8;
const PASSAGES_PER_PAGE = 2;
const PASSAGE_WORDS = 120;

const PLAIN_SENTENCE = 'The water rose along the valley and the farmers watched the fields from the bridge each morning.';

const countWords = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

const COMMON = new Set(['the', 'and', 'of', 'to', 'a', 'in', 'is', 'that', 'for', 'it', 'was', 'on', 'with']);
/** English prose: a common word in every eight or more (placeholder Latin and other languages have none). */
const isEnglish = (text: string) => {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  return words.length > 0 && words.filter((w) => COMMON.has(w)).length >= words.length / 8;
};

/** Real English sites of the corpus (not its synthetic cases), split alternately into two halves. */
function sites(): { tuning: string[]; heldOut: string[] } {
  const ids = fs
    .readdirSync(CORPUS)
    .filter((id) => /-\d+$|^(cnn|ebb-org|dev418|medium|mozilla|wikipedia|nytimes|lwn|salon|telegraph|tmz|yahoo|herald|guardian)/.test(id) && fs.existsSync(path.join(CORPUS, id, 'expected.html')))
    .filter((id) => {
      const meta = JSON.parse(fs.readFileSync(path.join(CORPUS, id, 'expected-metadata.json'), 'utf8')) as { lang?: string | null };
      return !meta.lang || /^en/i.test(meta.lang);
    })
    .sort();
  return { tuning: ids.filter((_, i) => i % 2 === 0), heldOut: ids.filter((_, i) => i % 2 === 1) };
}

/** Passages of whole paragraphs, about PASSAGE_WORDS words each, a paragraph a line. */
function passages(id: string): string[] {
  const html = fs.readFileSync(path.join(CORPUS, id, 'expected.html'), 'utf8');
  const text = articleText(parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body);
  // Prose only: lines of Latin letters, mostly words.
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => countWords(l) >= 8 && /^[\x20-\x7e’‘“”—–…é]*$/u.test(l) && isEnglish(l));
  const out: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    current.push(line);
    if (countWords(current.join(' ')) >= PASSAGE_WORDS) {
      out.push(current.join('\n'));
      current = [];
      if (out.length === PASSAGES_PER_PAGE) break;
    }
  }
  return out;
}

interface Sample {
  voice: string;
  half: 'tuning' | 'held-out' | 'plain';
  words: number;
  seconds: number;
  syllables: number;
  sentences: number;
  text: string;
}

/** Least squares of y - 1 = a (x1 - 1) + b (x2 - 1): the pace is 1 on the calibration passage by definition. */
function fit(samples: { y: number; x1: number; x2: number }[]): PaceWeights {
  let s11 = 0, s12 = 0, s22 = 0, s1y = 0, s2y = 0;
  for (const { y, x1, x2 } of samples) {
    const [u, v, w] = [x1 - 1, x2 - 1, y - 1];
    s11 += u * u; s12 += u * v; s22 += v * v; s1y += u * w; s2y += v * w;
  }
  const det = s11 * s22 - s12 * s12;
  return { syllables: (s1y * s22 - s2y * s12) / det, sentences: (s2y * s11 - s1y * s12) / det };
}

/**
 * Least squares with the weights summing to 1: a word's time is its syllables' and its share of a
 * sentence's pause, with no fixed cost a word (y - x2 = a (x1 - x2), b = 1 - a).
 */
function fitWithoutWordCost(samples: { y: number; x1: number; x2: number }[]): PaceWeights {
  let num = 0, den = 0;
  for (const { y, x1, x2 } of samples) {
    num += (x1 - x2) * (y - x2);
    den += (x1 - x2) ** 2;
  }
  const a = num / den;
  return { syllables: a, sentences: 1 - a };
}

export default async function speechPace(): Promise<void> {
  if (!fs.existsSync(CORPUS)) {
    console.log(`no corpus at ${CORPUS}: skipped`);
    return;
  }
  const { tuning, heldOut } = sites();
  const chosen = { tuning: tuning.flatMap((id) => (passages(id).length ? [id] : [])).slice(0, PAGES_PER_HALF), heldOut: heldOut.flatMap((id) => (passages(id).length ? [id] : [])).slice(0, PAGES_PER_HALF) };
  console.log(`tuning sites: ${chosen.tuning.join(', ')}\nheld-out sites: ${chosen.heldOut.join(', ')}\n`);
  // PACE_VOICES=en-us,en-gb measures those voices only (a quicker run).
  const only = process.env.PACE_VOICES?.split(',').filter(Boolean);
  const voices = ESPEAK_VOICES.filter((voice) => !only || only.includes(voice.id));
  const engine = createEspeakEngine();
  const encoders = createEncoderPool({ size: 1 });
  const samples: Sample[] = [];
  try {
    for (const voice of voices) {
      for (const [half, ids] of [['tuning', chosen.tuning], ['held-out', chosen.heldOut]] as const) {
        for (const id of ids) {
          for (const text of passages(id)) {
            const { durationMs } = await speakEpisode({ engine, voice: voice.id, sentences: parseScript(text), encoders, gainDb: 0, onSegment: async () => {} });
            const { syllables, sentences } = paceFeatures(text);
            samples.push({ voice: voice.id, half, words: countWords(text), seconds: durationMs / 1000, syllables: syllables ?? 1, sentences, text });
          }
        }
      }
    }
    // Text of only short, plain words in one paragraph (the whole-article test's): no page has it, every model must tell it.
    const plain = Array.from({ length: 12 }, () => PLAIN_SENTENCE).join(' ');
    for (const voice of voices) {
      const { durationMs } = await speakEpisode({ engine, voice: voice.id, sentences: parseScript(plain), encoders, gainDb: 0, onSegment: async () => {} });
      const { syllables, sentences } = paceFeatures(plain);
      samples.push({ voice: voice.id, half: 'plain', words: countWords(plain), seconds: durationMs / 1000, syllables: syllables ?? 1, sentences, text: plain });
    }
  } finally {
    await encoders.close();
    await engine.close();
  }
  const rateOf = (voice: string) => MEASURED_WORDS_PER_MINUTE.espeak?.[voice] ?? 168;
  console.log('voice | words a minute on real pages (tuning / held-out) | calibration passage');
  for (const voice of voices) {
    const wpm = (half: string) => {
      const mine = samples.filter((s) => s.voice === voice.id && s.half === half);
      return Math.round(mine.reduce((n, s) => n + s.words, 0) / (mine.reduce((n, s) => n + s.seconds, 0) / 60));
    };
    console.log(`${voice.id} | ${wpm('tuning')} / ${wpm('held-out')} | ${rateOf(voice.id)}`);
  }
  const tuningPoints = samples.filter((s) => s.half === 'tuning').map((s) => ({ y: (s.seconds * rateOf(s.voice)) / (60 * s.words), x1: s.syllables, x2: s.sentences }));
  const fitted = fit(tuningPoints);
  const noWordCost = fitWithoutWordCost(tuningPoints);
  console.log(`\nweights fitted on the tuning half: syllables ${fitted.syllables.toFixed(3)}, sentences ${fitted.sentences.toFixed(3)} (in use: ${PACE_WEIGHTS.syllables}, ${PACE_WEIGHTS.sentences})`);
  console.log(`summing to 1 (no cost a word): syllables ${noWordCost.syllables.toFixed(3)}, sentences ${noWordCost.sentences.toFixed(3)}`);
  const errors = (half: string, weights: PaceWeights) => {
    const mine = samples.filter((s) => s.half === half);
    const each = mine.map((s) => {
      const predicted = (s.words * paceOf(s.text, weights) * 60) / rateOf(s.voice);
      return (predicted - s.seconds) / s.seconds;
    });
    const mean = each.reduce((a, b) => a + Math.abs(b), 0) / each.length;
    const bias = each.reduce((a, b) => a + b, 0) / each.length;
    const worst = Math.max(...each.map(Math.abs));
    return `${(mean * 100).toFixed(1)}% mean, ${(bias * 100).toFixed(1)}% bias, ${(worst * 100).toFixed(1)}% worst`;
  };
  console.log('\npassage length error | tuning | held-out | plain words');
  for (const [name, weights] of [['words alone', { syllables: 0, sentences: 0 }], ['syllables alone', { syllables: 1, sentences: 0 }], ['in use', PACE_WEIGHTS], ['fitted', fitted], ['fitted, no cost a word', noWordCost], ...[0.7, 0.8, 0.9].map((a) => [`syllables ${a}`, { ...PACE_WEIGHTS, syllables: a }] as const)] as const) {
    console.log(`${name} | ${errors('tuning', weights)} | ${errors('held-out', weights)} | ${errors('plain', weights)}`);
  }
}
