/**
 * What the judged sample of one half is, and what a listener hears of each sentence.
 *
 * The sample: every sentence not in English, and two strides of the English ones (every fifth from
 * the first, then every fifth from the third, up to 50 each), fixed by position, never picked by hand.
 * A sentence is heard by the speech stage's own steps, as `pagecast speech-text` prints it: the
 * script's cut into sentences (what the transcript keeps, one cue each), then each cue's voice text
 * (Japanese as kana first). heard-<half>.json keeps the voice text each verdict was given on, so a
 * verdict whose sentence now reads differently is shown as stale instead of counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { scriptSentences } from '../../server/machinery/script/sentence-cutter.ts';
import { voiceText } from '../../server/machinery/speech/voice-text.ts';
import type { EvalSentence } from './split.ts';

export type Half = 'tuning' | 'held-out';

/** What the score counts a sentence under: the first of these its text holds, found by pattern. */
const KINDS: Array<[string, RegExp]> = [
  ['money', /[$€£¥]\s?\d|\d\s?[$€£]/],
  ['date or time', /\b\d{1,2}:\d{2}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\p{L}*\.? \d|\d{4}-\d{2}-\d{2}|\b[ap]\.?m\.?\b/u],
  ['unit or percent', /\d\s?(?:%|°|km|kg|mm|cm|m|g|mg|ml|mph|kph|MB|GB|fps|W|dB|min|ms)\b|\d\s?%/],
  ['identifier or code', /\b\p{Lu}+\d|\d\p{Lu}\b|\d{3}-\d{3,4}|\b\d+\.\d+\.\d+/u],
  ['abbreviation', /\b(?:\p{L}{1,4}\.){1,3}(?=\s|,)/u],
  ['year', /\b(?:1[5-9]|20)\d{2}\b/],
  ['number', /\d/],
];

export const kindOf = (text: string): string => KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';

const dir = import.meta.dirname;
const readJson = <T>(name: string, empty: T): T => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : empty;
};

export const sentencesOf = (half: Half): EvalSentence[] => readJson<EvalSentence[]>(`${half}.json`, []);
/** id → "ok" or "wrong: <what is heard, and why it misleads>". */
export const verdictsOf = (half: Half): Record<string, string> => readJson(`judged-${half}.json`, {});
/** id → the voice text (cues joined by " | ") the verdict was given on. */
export const heardOf = (half: Half): Record<string, string> => readJson(`heard-${half}.json`, {});
export const writeHeard = (half: Half, heard: Record<string, string>): void =>
  fs.writeFileSync(path.join(dir, `heard-${half}.json`), `${JSON.stringify(heard, null, 1)}\n`);

export function sampleOf(all: EvalSentence[]): EvalSentence[] {
  const english = all.filter((s) => s.language === 'en');
  return [
    ...english.filter((_, i) => i % 5 === 0).slice(0, 50),
    ...english.filter((_, i) => i % 5 === 2).slice(0, 50),
    ...all.filter((s) => s.language !== 'en'),
  ];
}

export interface Cue {
  /** The sentence as the transcript keeps it. */
  said: string;
  /** What the voice receives. */
  voice: string;
}

export async function hear(s: EvalSentence): Promise<Cue[]> {
  const cues: Cue[] = [];
  for (const sentence of scriptSentences(s.text)) cues.push({ said: sentence.text, voice: await voiceText(sentence.text, s.language) });
  return cues;
}

export const heardText = (cues: Cue[]): string => cues.map((c) => c.voice).join(' | ');
