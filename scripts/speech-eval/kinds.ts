/**
 * Sentences of the kinds the held-out half found wrong (date ranges such as "1914–18" and "3–5 May",
 * years with no word before them, decimals written with a comma), written for this check: the tuning
 * file may be looked at while rules are written, kinds-held-out.json was written before and is only
 * scored. Each sentence carries a pattern of what the voice must receive.
 *
 *   npx tsx scripts/speech-eval/kinds.ts [tuning|held-out] [--show]
 */
import fs from 'node:fs';
import path from 'node:path';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';

interface KindSentence {
  id: string;
  language: string;
  text: string;
  /** A pattern the voice's text must match. */
  heard: string;
}

const [only, flag] = process.argv.slice(2);
for (const half of ['tuning', 'held-out']) {
  if (only && !only.startsWith('--') && only !== half) continue;
  const sentences = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `kinds-${half}.json`), 'utf8')) as KindSentence[];
  let right = 0;
  for (const s of sentences) {
    const said = prepareSpeechText(s.text, s.language);
    const ok = new RegExp(s.heard, 'i').test(said);
    if (ok) right++;
    if (flag === '--show' || only === '--show') console.log(`${ok ? 'ok   ' : 'wrong'} ${s.id} [${s.language}] ${s.text}\n      > ${said}`);
  }
  console.log(`${half}: ${right}/${sentences.length} (${Math.round((100 * right) / sentences.length)}%)`);
}
