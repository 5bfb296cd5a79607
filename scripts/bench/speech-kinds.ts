/**
 * The reading front end by kind and language, as a listener hears it (scripts/speech-eval/):
 *
 * - NVIDIA NeMo's text-normalization cases (../shared/corpora/text-normalization/), right of all;
 * - the sentences written for each kind, the tuning half (looked at while the rules were written)
 *   and the held-out half (written after, scored only);
 * - a census of the wcxb-dev pages' tokens with digits, signs or capitals: how many still hold a mark
 *   a voice reads wrongly, and how many of a fixed sample a listener judged wrong, before and now;
 * - hostile text at growing sizes: the work must grow with the length, not faster.
 *
 *   npm run bench -- speech-kinds
 */
import { pathToFileURL } from 'node:url';
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import { censusSample, censusTokens, judgedSample, marksLeft } from '../speech-eval/census.ts';
import { NEMO_LANGUAGES, nemoCases, scoreNemoCase } from '../speech-eval/nemo.ts';
import { readingSentences, scoreReading } from '../speech-eval/reading.ts';
import censusBefore from '../speech-eval/census-before.json' with { type: 'json' };

type Tally = Map<string, Map<string, [number, number]>>;

function add(tally: Tally, kind: string, language: string, right: boolean): void {
  const row = tally.get(kind) ?? new Map<string, [number, number]>();
  const cell = row.get(language) ?? [0, 0];
  cell[1]++;
  if (right) cell[0]++;
  row.set(language, cell);
  tally.set(kind, row);
}

/** A table: a row per kind, a column per language, "right/all" in each cell, totals last. */
function printTable(title: string, tally: Tally): void {
  const cell = (c: [number, number] | undefined) => (c ? `${c[0]}/${c[1]}` : '').padStart(10);
  console.log(`\n${title}`);
  console.log(`${'kind'.padEnd(14)}${NEMO_LANGUAGES.map((l) => l.padStart(10)).join('')}       all`);
  const totals = new Map<string, [number, number]>();
  let right = 0;
  let all = 0;
  for (const [kind, row] of [...tally].sort()) {
    let kindRight = 0;
    let kindAll = 0;
    for (const [language, [r, a]] of row) {
      const t = totals.get(language) ?? [0, 0];
      totals.set(language, [t[0] + r, t[1] + a]);
      kindRight += r;
      kindAll += a;
    }
    right += kindRight;
    all += kindAll;
    console.log(`${kind.padEnd(14)}${NEMO_LANGUAGES.map((l) => cell(row.get(l))).join('')}${cell([kindRight, kindAll])}`);
  }
  console.log(`${'all'.padEnd(14)}${NEMO_LANGUAGES.map((l) => cell(totals.get(l))).join('')}${cell([right, all])} (${Math.round((100 * right) / Math.max(1, all))}%)`);
}

function benchNemo(): void {
  const tally: Tally = new Map();
  for (const c of nemoCases()) add(tally, c.kind, c.language, scoreNemoCase(c).right);
  if (tally.size === 0) console.log('no NeMo cases found');
  else printTable('NeMo text-normalization cases, right as heard (tuned on)', tally);
}

function benchSentences(): void {
  for (const half of ['tuning', 'held-out']) {
    const tally: Tally = new Map();
    for (const s of readingSentences(half)) add(tally, s.kind, s.language, scoreReading(s).right);
    printTable(`Sentences by kind, ${half} half`, tally);
  }
}

async function benchCensus(): Promise<void> {
  const tokens = await censusTokens();
  if (tokens.length === 0) return;
  const sample = censusSample(tokens);
  const judged = judgedSample();
  const now = sample.map((t) => prepareSpeechText(t.window, t.language));
  const changed = judged.filter((j, i) => j.after !== undefined && j.after !== now[i]).length;
  const wrongBefore = judged.filter((j) => j.beforeRight === false).length;
  const wrongAfter = judged.filter((j) => j.afterRight === false).length;
  console.log('\nwcxb-dev census (tokens with a digit, a sign or two capitals, read in their sentence)');
  console.log(`tokens                 ${tokens.length.toLocaleString('en')} (before: ${censusBefore.tokens.toLocaleString('en')})`);
  console.log(`a mark left, found by pattern: now ${marksLeft(tokens).toLocaleString('en')}, before ${censusBefore.marksLeft.toLocaleString('en')}`);
  console.log(`judged sample          ${judged.length} tokens (every n-th, per language): said differently by a newsreader before ${wrongBefore}, now ${wrongAfter}${changed ? ` (${changed} read differently since judged: judge again)` : ''}`);
}

// Hostile lines: the work at 10, 50 and 200 thousand characters; linear work grows as the length does.
const HOSTILE: Array<[string, string, string]> = [
  ['digit-slash', '1/', 'en'], ['digit-colon', '1:2', 'en'], ['weekday-slash', 'Mon/', 'en'], ['dots', '1.', 'de'],
  ['sign-dollar', 'NZ$1', 'en'], ['power', '10⁻', 'en'], ['section', '§ 1 ', 'de'], ['per-unit', '1 €/', 'fr'],
  ['zero-phone', '0 1', 'de'], ['capitals', 'AB ', 'en'], ['day-month', 'el 1/', 'es'], ['rulers', 'Karl V. ', 'de'],
  // the inputs the tests guard with a safety net only
  ['label-dash', 'a-', 'en'], ['digit-dash', '1-', 'en'], ['digit-comma', '1,', 'en'], ['decimal', '1.1', 'en'],
  ['bold-open', '__a ', 'en'], ['paren', '(', 'en'], ['www', 'www.', 'en'], ['scheme', 'http://a.', 'en'],
  ['domain-dot', 'a.com/.', 'en'], ['comma-space', ', ', 'en'],
];

function benchHostile(): void {
  console.log('\nhostile text: ms at 10k / 50k / 200k characters, and the 200k time over four times the 50k one (linear: about 1, quadratic: 4)');
  for (const [name, unit, language] of HOSTILE) {
    const times = [10_000, 50_000, 200_000].map((size) => {
      const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
      const at = performance.now();
      prepareSpeechText(text, language);
      return performance.now() - at;
    });
    console.log(`${name.padEnd(16)} ${times.map((t) => t.toFixed(0).padStart(5)).join(' ')}   ratio ${(times[2]! / Math.max(1, 4 * times[1]!)).toFixed(2)}`);
  }
}

// The script's clean-up on hostile input, and lines of abbreviations: the tests guard them with a safety net only.
const SCRIPT_HOSTILE: Array<[string, string]> = [
  ['unclosed-md-link', `[a](${'a'.repeat(200_000)} `], ['unclosed-html-links', '<a href="x">y '.repeat(15_000)],
  ['open-brackets', '[x]('.repeat(50_000)], ['only-brackets', '['.repeat(200_000)], ['unclosed-tags', '<a'.repeat(100_000)],
  ['separators', 'a-.'.repeat(70_000)],
];
const abbreviations = (n: number) => Array.from({ length: n }, (_, i) => ['St.', 'Dr.', 'z. B.', 'tsp.', 'U.S.C.', 'Av.'][i % 6]).join(' ');

function benchScriptHostile(): void {
  const timed = (run: () => void) => {
    const at = performance.now();
    run();
    return performance.now() - at;
  };
  console.log('\nscript clean-up of 200,000 hostile characters: ms');
  for (const [name, text] of SCRIPT_HOSTILE) console.log(`${name.padEnd(20)} ${timed(() => prepareScriptText(text)).toFixed(0).padStart(6)}`);
  console.log('\na line of 500 and of 5,000 abbreviations: ms, and the ratio (linear: about 10)');
  for (const language of ['en', 'de', 'es']) {
    const [small, large] = [500, 5000].map((n) => timed(() => prepareSpeechText(abbreviations(n), language)));
    console.log(`${language.padEnd(4)} ${small!.toFixed(1).padStart(7)} ${large!.toFixed(1).padStart(7)}   ratio ${(large! / Math.max(0.1, small!)).toFixed(1)}`);
  }
}

export default async function benchSpeechKinds(): Promise<void> {
  benchNemo();
  benchSentences();
  await benchCensus();
  benchHostile();
  benchScriptHostile();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchSpeechKinds();
