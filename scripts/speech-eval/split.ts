/**
 * The speech-text evaluation set: every corpus sentence (../shared/corpora, as the bench reads them)
 * that holds a digit, a symbol or an abbreviation, split BY PAGE into a tuning half and a held-out half
 * before any rule is written against them. A page's half is fixed by a hash of its id, so a new page
 * never moves an old one. Up to eight sentences a page, spread over the page, so no page dominates.
 *
 *   npx tsx scripts/speech-eval/split.ts     writes split.json, tuning.json and held-out.json here
 *
 * Rules are tuned on tuning.json only; held-out.json is read only to score (score.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { corpusSentences } from '../bench/speech-text.ts';

/** A sentence a text front end has work in: digits, symbols, or an abbreviation's dot. */
const HAS_WORK = /\d|[%$€£¥°×²³&#+±~@§]|\b(?:\p{Lu}\.){2,}|\b\p{L}{1,5}\.(?=\s*\p{Ll}|\s*\d|\p{L}\.)/u;
const PER_PAGE = 8;

export interface EvalSentence {
  id: string;
  page: string;
  language: string;
  text: string;
}

function half(page: string): 'tuning' | 'held-out' {
  return createHash('sha1').update(page).digest()[0]! % 2 === 0 ? 'tuning' : 'held-out';
}

const { sentences } = await corpusSentences();
const byPage = new Map<string, typeof sentences>();
for (const s of sentences) {
  if (s.text.length > 400 || !HAS_WORK.test(s.text)) continue;
  byPage.set(s.page, [...(byPage.get(s.page) ?? []), s]);
}
const halves: Record<'tuning' | 'held-out', EvalSentence[]> = { tuning: [], 'held-out': [] };
const split: Record<'tuning' | 'held-out', string[]> = { tuning: [], 'held-out': [] };
for (const [page, list] of [...byPage].sort((a, b) => a[0].localeCompare(b[0]))) {
  const step = Math.max(1, list.length / PER_PAGE);
  const picked = Array.from({ length: Math.min(PER_PAGE, list.length) }, (_, i) => list[Math.floor(i * step)]!);
  split[half(page)].push(page);
  picked.forEach((s, i) => halves[half(page)].push({ id: `${page}#${i}`, page, language: s.language, text: s.text }));
}
const dir = import.meta.dirname;
fs.writeFileSync(path.join(dir, 'split.json'), `${JSON.stringify(split, null, 1)}\n`);
for (const name of ['tuning', 'held-out'] as const) {
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(halves[name], null, 1)}\n`);
  const langs = new Map<string, number>();
  for (const s of halves[name]) langs.set(s.language, (langs.get(s.language) ?? 0) + 1);
  console.log(`${name}: ${split[name].length} pages, ${halves[name].length} sentences (${[...langs].map(([l, n]) => `${l} ${n}`).join(', ')})`);
}
