/**
 * What the voice receives for one sentence of the script: Japanese first written as kana (a voice
 * cannot read kanji), then the shared speech-text rules. The transcript keeps the sentence as written.
 * The speech stage and `pagecast speech-text` both call this.
 */
import { prepareSpeechText } from '../../../shared/text/prepare-speech-text.ts';

export async function voiceText(sentence: string, language: string | undefined, signal?: AbortSignal): Promise<string> {
  // The Japanese reader (its worker pool) loads with the first Japanese sentence.
  const written = language === 'ja' ? await (await import('./japanese-reading.ts')).readJapanese(sentence, signal) : sentence;
  return prepareSpeechText(written, language).trim();
}
