/**
 * Normalization speed: every page of ../shared/corpora extracted as the server does, its language
 * decided as the prepare stage does, cut into the script's sentences, then each sentence through
 * prepareSpeechText (what the voice receives) and timed: sentences a second over the whole corpus and
 * per language group, and the slowest sentences. One warm-up pass first, so the JIT has seen the rules.
 * Then bad input at two sizes (linear time shows as a tenfold time for a tenfold text), and the time of
 * one whole `pagecast speech-text` call from the compiled build (built first when stale).
 *
 *   npm run bench -- speech-text
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractArticle } from '../../server/machinery/extract/extract-article.ts';
import { scriptSentences } from '../../server/machinery/script/sentence-cutter.ts';
import { detectLanguage } from '../../shared/text/language.ts';
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';

const CORPORA = path.resolve(import.meta.dirname, '../../../shared/corpora');
const READABILITY_URL = 'http://fakehost/test/page.html';

interface Sentence {
  page: string;
  language: string;
  text: string;
}

/** Every page's HTML and the address it is parsed against. */
export function corpusPages(): { id: string; url: string; html: string }[] {
  const pages: { id: string; url: string; html: string }[] = [];
  const aeb = path.join(CORPORA, 'aeb');
  if (fs.existsSync(aeb)) {
    const truth = JSON.parse(fs.readFileSync(path.join(aeb, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
    for (const id of Object.keys(truth).sort()) pages.push({ id: `aeb/${id.slice(0, 8)}`, url: truth[id]!.url, html: fs.readFileSync(path.join(aeb, 'html', `${id}.html`), 'utf8') });
  }
  const readability = path.join(CORPORA, 'readability');
  if (fs.existsSync(readability)) {
    for (const id of fs.readdirSync(readability).sort()) {
      const file = path.join(readability, id, 'source.html');
      if (fs.existsSync(file)) pages.push({ id: `readability/${id}`, url: READABILITY_URL, html: fs.readFileSync(file, 'utf8') });
    }
  }
  return pages;
}

/** The sentences the speech stage would prepare, page by page, each with its page's language. */
export async function corpusSentences(): Promise<{ sentences: Sentence[]; pages: number; skipped: number }> {
  const sentences: Sentence[] = [];
  let pages = 0;
  let skipped = 0;
  for (const page of corpusPages()) {
    let article;
    try {
      article = extractArticle(page.html, page.url);
    } catch {
      skipped++; // no readable article: nothing is spoken
      continue;
    }
    pages++;
    const language = await detectLanguage(article.text, article.lang);
    for (const sentence of scriptSentences(prepareScriptText(article.text))) sentences.push({ page: page.id, language, text: sentence.text });
  }
  return { sentences, pages, skipped };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

export default async function benchSpeechText(): Promise<void> {
  const { sentences, pages, skipped } = await corpusSentences();
  if (sentences.length === 0) {
    console.log(`no corpora at ${CORPORA}`);
    return;
  }
  for (const s of sentences) prepareSpeechText(s.text, s.language); // warm-up
  const times = new Float64Array(sentences.length);
  const started = performance.now();
  for (const [i, s] of sentences.entries()) {
    const at = performance.now();
    prepareSpeechText(s.text, s.language);
    times[i] = performance.now() - at;
  }
  const wallMs = performance.now() - started;

  const chars = sentences.reduce((n, s) => n + s.text.length, 0);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`corpus               ${pages} pages (${skipped} without an article), ${sentences.length} sentences, ${(chars / 1024).toFixed(0)} KB of text`);
  console.log(`prepareSpeechText    ${Math.round(sentences.length / (wallMs / 1000)).toLocaleString('en')} sentences a second (${wallMs.toFixed(0)} ms in all)`);
  console.log(`per sentence         median ${(quantile(sorted, 0.5) * 1000).toFixed(0)} µs, p99 ${(quantile(sorted, 0.99) * 1000).toFixed(0)} µs, max ${sorted.at(-1)!.toFixed(1)} ms`);
  const byLanguage = new Map<string, { count: number; ms: number }>();
  sentences.forEach((s, i) => {
    const group = byLanguage.get(s.language) ?? { count: 0, ms: 0 };
    group.count++;
    group.ms += times[i]!;
    byLanguage.set(s.language, group);
  });
  const groups = [...byLanguage].sort((a, b) => b[1].count - a[1].count);
  console.log(`by language          ${groups.map(([language, g]) => `${language} ${g.count} at ${Math.round(g.count / (g.ms / 1000)).toLocaleString('en')}/s`).join(', ')}`);
  const slowest = [...times.keys()].sort((a, b) => times[b]! - times[a]!).slice(0, 3);
  for (const i of slowest) {
    const s = sentences[i]!;
    console.log(`slowest              ${times[i]!.toFixed(2)} ms, ${s.page} (${s.language}, ${s.text.length} chars): ${JSON.stringify(s.text.slice(0, 60))}…`);
  }
  benchBadInput();
  benchCliCall();
}

/** Hostile lines at a size: a long number, a run of abbreviations, units or symbols alone, mixed and right-to-left scripts. */
const BAD_INPUT: Array<[string, (n: number) => string, string]> = [
  ['digits', (n) => `It is ${'7'.repeat(n)}.`, 'en'],
  ['abbreviations', (n) => Array.from({ length: n / 4 }, (_, i) => ['St.', 'Dr.', 'z. B.', 'tsp.'][i % 4]).join(' '), 'de'],
  ['units only', (n) => 'km/h mm² kg °C % '.repeat(n / 17), 'en'],
  ['symbols only', (n) => '→ ★ § # @ ^ ~ ± '.repeat(n / 16), 'fr'],
  ['mixed scripts', (n) => 'Der Preis: 5 € für 東京 und Москва. '.repeat(n / 34), 'de'],
  ['right-to-left', (n) => 'قال الوزير إن 12 مدرسة أغلقت. '.repeat(n / 30), 'ar'],
];

function benchBadInput(): void {
  for (const [name, make, language] of BAD_INPUT) {
    const times = [10_000, 100_000].map((size) => {
      const text = make(size);
      const at = performance.now();
      prepareSpeechText(text, language);
      return performance.now() - at;
    });
    console.log(`bad input            ${name.padEnd(14)} 10,000 chars ${times[0]!.toFixed(1)} ms, 100,000 chars ${times[1]!.toFixed(1)} ms`);
  }
}

function benchCliCall(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/server-build.mjs')], { stdio: 'ignore' });
  const runs = [0, 1, 2, 3, 4].map(() => {
    const at = performance.now();
    execFileSync(process.execPath, [path.join(root, 'bin/pagecast.mjs'), 'speech-text', '--lang', 'en', 'Dr. Hale paid $7.99 on Elm St. at 10:00.'], { stdio: 'ignore' });
    return performance.now() - at;
  }).sort((a, b) => a - b);
  console.log(`pagecast speech-text one call from the build: median ${(runs[2]! / 1000).toFixed(2)} s (best ${(runs[0]! / 1000).toFixed(2)} s of 5)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchSpeechText();
