/**
 * An answer spoken as a small MP3: the same path as an episode's (the text as the voice receives
 * it, the engine, the loudness gain, one continuous encoder), kept whole instead of in segments.
 */
import type { EncoderPool } from '../audio/episode-encoder.ts';
import type { VoiceGain } from '../audio/loudness.ts';
import type { SpeechEngine } from '../speech/engine.ts';
import { speakEpisode } from '../speech/episode.ts';
import { splitSentences } from '../../../shared/text/split-sentences.ts';

export interface VoiceAnswerInput {
  engine: SpeechEngine;
  encoders: EncoderPool;
  gainDb: VoiceGain;
  voice: string;
  /** The answer's language (ISO 639-1): numbers and dates are read as its words. */
  language: string;
  text: string;
  signal?: AbortSignal;
}

export async function voiceAnswer(input: VoiceAnswerInput): Promise<{ bytes: Uint8Array; durationMs: number }> {
  const parts: Uint8Array[] = [];
  const sentences = input.text
    .split('\n')
    .flatMap((line, paragraph) => splitSentences(line.trim()).map((text) => ({ text: text.trim(), paragraph })))
    .filter((s) => s.text);
  const result = await speakEpisode({
    engine: input.engine,
    voice: input.voice,
    language: input.language,
    sentences,
    encoders: input.encoders,
    gainDb: input.gainDb,
    // One part: an answer is a few sentences, heard whole.
    segmentTargetMs: Number.MAX_SAFE_INTEGER,
    onSegment: async (segment) => void parts.push(segment.bytes),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, durationMs: result.durationMs };
}
