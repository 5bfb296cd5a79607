/**
 * Scores the speech-text front end on one half of the evaluation set, as judged by ear.
 *
 *   npx tsx scripts/speech-eval/score.ts tuning          prints the sample, each sentence and what the voice receives
 *   npx tsx scripts/speech-eval/score.ts tuning --score  the share judged right, by language and by kind
 *
 * The sample of a half: every sentence in German, French or Spanish, and every fifth English one (up to
 * 50). judged-<half>.json holds a listener's verdict on each: "ok", or "wrong: <what is heard>". The
 * kind of a sentence is the first of KINDS its text holds, found by pattern, not by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import type { EvalSentence } from './split.ts';

const KINDS: Array<[string, RegExp]> = [
  ['money', /[$€£¥]\s?\d|\d\s?[$€£]/],
  ['date or time', /\b\d{1,2}:\d{2}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\p{L}*\.? \d|\d{4}-\d{2}-\d{2}|\b[ap]\.?m\.?\b/u],
  ['unit or percent', /\d\s?(?:%|°|km|kg|mm|cm|m|g|mg|ml|mph|kph|MB|GB|fps|W|dB|min|ms)\b|\d\s?%/],
  ['identifier or code', /\b\p{Lu}+\d|\d\p{Lu}\b|\d{3}-\d{3,4}|\b\d+\.\d+\.\d+/u],
  ['abbreviation', /\b(?:\p{L}{1,4}\.){1,3}(?=\s|,)/u],
  ['year', /\b(?:1[5-9]|20)\d{2}\b/],
  ['number', /\d/],
];

const [half = 'tuning', flag] = process.argv.slice(2);
const dir = import.meta.dirname;
const all = JSON.parse(fs.readFileSync(path.join(dir, `${half}.json`), 'utf8')) as EvalSentence[];
const english = all.filter((s) => s.language === 'en');
const sample = [
  ...english.filter((_, i) => i % 5 === 0).slice(0, 50),
  ...all.filter((s) => ['de', 'fr', 'es'].includes(s.language)),
];
const kindOf = (text: string) => KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';

if (flag !== '--score') {
  for (const s of sample) console.log(`${s.id} [${s.language}, ${kindOf(s.text)}]\n  < ${s.text}\n  > ${prepareSpeechText(s.text, s.language)}`);
} else {
  const judged = JSON.parse(fs.readFileSync(path.join(dir, `judged-${half}.json`), 'utf8')) as Record<string, string>;
  const tally = new Map<string, { ok: number; all: number }>();
  const add = (key: string, ok: boolean) => {
    const t = tally.get(key) ?? { ok: 0, all: 0 };
    t.all++;
    if (ok) t.ok++;
    tally.set(key, t);
  };
  for (const s of sample) {
    const verdict = judged[s.id];
    if (verdict === undefined) continue;
    const ok = verdict === 'ok';
    add('all', ok);
    add(`language ${s.language}`, ok);
    add(`kind ${kindOf(s.text)}`, ok);
  }
  for (const [key, t] of [...tally].sort()) console.log(`${key.padEnd(28)} ${t.ok}/${t.all} (${Math.round((100 * t.ok) / t.all)}%)`);
}
