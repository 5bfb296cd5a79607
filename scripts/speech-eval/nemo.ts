/**
 * NVIDIA NeMo's text-normalization test cases (../shared/corpora/text-normalization/<lang>/<kind>.txt,
 * `written~spoken`, several lines or `~` parts for several right readings; `*normalize_with_audio*`
 * files give `~written` then each reading on its own line), scored as a listener hears them
 * (heard-form.ts): a case is right when what the front end gives sounds like one of its readings.
 */
import fs from 'node:fs';
import path from 'node:path';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import { sameHeard } from './heard-form.ts';

export const NEMO = path.resolve(import.meta.dirname, '../../../shared/corpora/text-normalization');
/** The languages a voice here speaks; zh and ja have no reading rules (a voice reads their digits). */
export const NEMO_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'ru'];

export interface NemoCase {
  language: string;
  kind: string;
  written: string;
  readings: string[];
}

function kindOfFile(file: string): string {
  const name = file.replace(/\.txt$/, '');
  return name.includes('normalize_with_audio') ? 'sentences' : name;
}

/** Every case of the languages given, one per written form with all its readings. */
export function nemoCases(languages = NEMO_LANGUAGES): NemoCase[] {
  const cases: NemoCase[] = [];
  if (!fs.existsSync(NEMO)) return cases;
  for (const language of languages) {
    const dir = path.join(NEMO, language);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (file.startsWith('punctuation')) continue; // marks, not readings
      const kind = kindOfFile(file);
      const byWritten = new Map<string, NemoCase>();
      const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter((l) => l.trim());
      let current: NemoCase | undefined;
      for (const line of lines) {
        if (kind === 'sentences') {
          if (line.startsWith('~')) {
            current = { language, kind, written: line.slice(1), readings: [] };
            byWritten.set(current.written, current);
          } else current?.readings.push(line);
          continue;
        }
        const [written, ...readings] = line.split('~');
        if (!written || readings.length === 0) continue;
        const entry = byWritten.get(written) ?? { language, kind, written, readings: [] };
        entry.readings.push(...readings);
        byWritten.set(written, entry);
      }
      cases.push(...[...byWritten.values()].filter((c) => c.readings.length > 0));
    }
  }
  return cases;
}

/** What the front end gives for a case, and whether a listener hears one of its readings. */
export function scoreNemoCase(c: NemoCase): { said: string; right: boolean } {
  const said = prepareSpeechText(c.written, c.language);
  return { said, right: c.readings.some((r) => sameHeard(said, r, c.language)) };
}
