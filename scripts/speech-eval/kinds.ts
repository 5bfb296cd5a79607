/**
 * Sentences written for the kinds of token the evaluation found wrong, each with a pattern of what the
 * voice must receive: the tuning file may be looked at while rules are written; kinds-held-out.json
 * holds sentences of each kind written BEFORE its rule, and is only scored. Heard the speech stage's
 * way (sample.ts: the transcript's cues, each one's voice text, cues joined by " | ").
 *
 *   npx tsx scripts/speech-eval/kinds.ts [tuning|held-out] [--show]
 */
import fs from 'node:fs';
import path from 'node:path';
import { hear, heardText } from './sample.ts';

interface KindSentence {
  id: string;
  language: string;
  /** What the sentence was written to try; the first ones tried dates, ranges and decimals. */
  kind?: string;
  text: string;
  /** A pattern the voice's text must match. */
  heard: string;
}

const args = process.argv.slice(2);
const show = args.includes('--show');
const only = args.find((a) => !a.startsWith('--'));
for (const half of ['tuning', 'held-out']) {
  if (only && only !== half) continue;
  const sentences = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `kinds-${half}.json`), 'utf8')) as KindSentence[];
  const byKind = new Map<string, { right: number; all: number }>();
  for (const s of sentences) {
    const said = heardText(await hear({ id: s.id, page: '', language: s.language, text: s.text }));
    const ok = new RegExp(s.heard, 'iu').test(said);
    const kind = s.kind ?? 'dates, ranges, decimals';
    const t = byKind.get(kind) ?? { right: 0, all: 0 };
    t.all++;
    if (ok) t.right++;
    byKind.set(kind, t);
    if (show) console.log(`${ok ? 'ok   ' : 'wrong'} ${s.id} [${s.language}, ${kind}] ${s.text}\n      > ${said}`);
  }
  const right = [...byKind.values()].reduce((n, t) => n + t.right, 0);
  console.log(`${half}: ${right}/${sentences.length} (${Math.round((100 * right) / sentences.length)}%)`);
  for (const [kind, t] of [...byKind].sort()) console.log(`  ${kind.padEnd(28)} ${t.right}/${t.all}`);
}
process.exit(0);
