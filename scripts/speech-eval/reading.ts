/**
 * The reading front end's sentences by kind and language: a file of `{ language, kind, text, heard }`
 * (heard: a pattern of what a listener must hear, matched against heard-form.ts's words of what the
 * voice is given, sentence by sentence as the speech stage cuts them).
 *
 *   npx tsx scripts/speech-eval/reading.ts [held-out] [--show]
 *
 * reading-held-out.json was written before the rules of each kind, from no corpus the rules were tuned
 * on, and is only scored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scriptSentences } from '../../server/machinery/script/sentence-cutter.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import { heardWords, oneForm } from './heard-form.ts';

export interface ReadingSentence {
  language: string;
  kind: string;
  text: string;
  heard: string;
}

export function readingSentences(half: string): ReadingSentence[] {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `reading-${half}.json`), 'utf8')) as ReadingSentence[];
}

/** What the voice is given for a sentence of the set, cue by cue. */
export function voiceOf(s: { text: string; language: string }): string {
  return scriptSentences(s.text).map((cue) => prepareSpeechText(cue.text, s.language)).join(' ');
}

export function scoreReading(s: ReadingSentence): { said: string; right: boolean } {
  const said = voiceOf(s);
  // heard-form.ts leaves English "and" out; so does the pattern
  const pattern = s.language === 'en' ? s.heard.replace(/\band /g, '') : oneForm(s.heard, s.language);
  return { said, right: new RegExp(pattern, 'iu').test(heardWords(said, s.language)) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const half = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'held-out';
  const show = process.argv.includes('--show');
  let right = 0;
  const sentences = readingSentences(half);
  for (const s of sentences) {
    const r = scoreReading(s);
    if (r.right) right++;
    if (show) console.log(`${r.right ? 'ok   ' : 'wrong'} [${s.language} ${s.kind}] ${s.text}\n      > ${r.said}\n      ~ ${heardWords(r.said, s.language)}`);
  }
  console.log(`${half}: ${right}/${sentences.length}`);
}
