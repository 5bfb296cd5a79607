/**
 * What the voice receives for one sentence of the script: the member's own pronunciations (if any)
 * marked, Japanese written as kana (a voice cannot read kanji), the shared speech-text rules, then
 * the member's spoken forms put in. The transcript keeps the sentence as written.
 * The speech stage, `POST /api/speech-text` and `pagecast speech-text` all call this.
 */
import { prepareSpeechText } from '../../../shared/text/prepare-speech-text.ts';
import type { Pronunciations } from '../../../shared/text/pronunciations.ts';

export async function voiceText(
  sentence: string,
  language: string | undefined,
  signal?: AbortSignal,
  pronunciations?: Pronunciations,
): Promise<string> {
  const read = async (text: string) => {
    // The Japanese reader (its worker pool) loads with the first Japanese sentence.
    const written = language === 'ja' ? await (await import('./japanese-reading.ts')).readJapanese(text, signal) : text;
    return prepareSpeechText(written, language).trim();
  };
  const marked = pronunciations?.mark(sentence, language);
  if (!marked) return read(sentence);
  return marked.restore(await read(marked.text)) ?? read(marked.spoken);
}
