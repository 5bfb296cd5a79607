/**
 * Prints each sentence of one half of the evaluation set beside what the voice receives, for judging
 * by ear:   npx tsx scripts/speech-eval/show.ts tuning [language]
 */
import fs from 'node:fs';
import path from 'node:path';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import type { EvalSentence } from './split.ts';

const [half = 'tuning', language] = process.argv.slice(2);
const sentences = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `${half}.json`), 'utf8')) as EvalSentence[];
for (const s of sentences) {
  if (language && s.language !== language) continue;
  console.log(`${s.id} [${s.language}]\n  < ${s.text}\n  > ${prepareSpeechText(s.text, s.language)}`);
}
