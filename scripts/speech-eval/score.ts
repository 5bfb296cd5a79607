/**
 * Scores the speech-text front end on one half of the evaluation set, as judged by ear.
 *
 *   npx tsx scripts/speech-eval/score.ts tuning            the share judged right, by language and by kind
 *   npx tsx scripts/speech-eval/score.ts tuning --record   keeps what each judged sentence reads now as
 *                                                          what its verdict was given on (after judging)
 *
 * judged-<half>.json holds a listener's verdict on each sentence of the sample (sample.ts): "ok", or
 * "wrong: <what is heard>". A sentence whose voice text has changed since its verdict is not counted:
 * it is listed as stale, to be judged again (show.ts --unjudged prints it). Print the sample itself with
 * show.ts.
 */
import { hear, heardOf, heardText, kindOf, sampleOf, sentencesOf, verdictsOf, writeHeard, type Half } from './sample.ts';

const [half = 'tuning', flag] = process.argv.slice(2) as [Half?, string?];
const sample = sampleOf(sentencesOf(half));
const verdicts = verdictsOf(half);
const heard = heardOf(half);

if (flag === '--record') {
  const now: Record<string, string> = {};
  for (const s of sample) if (verdicts[s.id] !== undefined) now[s.id] = heardText(await hear(s));
  writeHeard(half, now);
  console.log(`${half}: kept what ${Object.keys(now).length} judged sentences read now`);
  process.exit(0);
}

const tally = new Map<string, { ok: number; all: number }>();
const add = (key: string, ok: boolean) => {
  const t = tally.get(key) ?? { ok: 0, all: 0 };
  t.all++;
  if (ok) t.ok++;
  tally.set(key, t);
};
const stale: string[] = [];
let unjudged = 0;
for (const s of sample) {
  const verdict = verdicts[s.id];
  if (verdict === undefined) {
    unjudged++;
    continue;
  }
  const now = heardText(await hear(s));
  if (heard[s.id] !== undefined && heard[s.id] !== now) {
    stale.push(`${s.id}  (${verdict})\n    was: ${heard[s.id]}\n    now: ${now}`);
    continue;
  }
  const ok = verdict === 'ok';
  add('all', ok);
  add(`language ${s.language}`, ok);
  add(`kind ${kindOf(s.text)}`, ok);
}
const line = (key: string, t: { ok: number; all: number }) => `${key.padEnd(28)} ${`${t.ok}/${t.all}`.padStart(7)} (${Math.round((100 * t.ok) / t.all)}%)`;
console.log(`${half}: ${sample.length} sentences in the sample, ${unjudged} not judged, ${stale.length} stale`);
for (const group of ['all', 'language', 'kind']) {
  for (const [key, t] of [...tally].filter(([k]) => k.split(' ')[0] === group).sort()) console.log(line(key, t));
}
if (stale.length > 0) console.log(`\nread differently since judged (not counted):\n  ${stale.join('\n  ')}`);
process.exit(0);
