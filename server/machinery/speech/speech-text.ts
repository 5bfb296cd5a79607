/**
 * What the voice is given for a text, one line a sentence, by the speech stage's own steps: the
 * script's sentences (one paragraph a line of the text), then each sentence's voice text with the
 * member's pronunciations. `pagecast speech-text` and `POST /api/speech-text` both answer this.
 */
import type { Pronunciations } from '../../../shared/text/pronunciations.ts';
import { scriptSentences } from '../script/sentence-cutter.ts';
import { voiceText } from './voice-text.ts';

export async function speechTextLines(text: string, language: string, pronunciations?: Pronunciations, signal?: AbortSignal): Promise<string[]> {
  const lines: string[] = [];
  for (const sentence of scriptSentences(text)) {
    const speech = await voiceText(sentence.text, language, signal, pronunciations);
    if (speech) lines.push(speech);
  }
  return lines;
}
