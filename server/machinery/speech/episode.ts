/**
 * One podcast's audio, made as a stream: the script's sentences are spoken one by one (the first
 * alone, so audio starts fast; an engine that takes several requests at once gets a few ahead, in
 * order), each sentence's PCM goes whole into one continuous encoder, and the encoded audio is cut
 * at MP3 frame boundaries into segments handed to `onSegment` as they are made. A segment ends in
 * the pause after a sentence, so a run restarted after it resumes at the next sentence (`resume`)
 * and the listener hears no sentence twice and none missing. Each sentence's place in the audio is
 * recorded as a cue.
 */
import { ENCODER_DELAY_SAMPLES, type EncoderPool } from '../audio/episode-encoder.ts';
import type { VoiceGain } from '../audio/loudness.ts';
import { concatPcm } from '../audio/pcm.ts';
import type { Pronunciations } from '../../../shared/text/pronunciations.ts';
import type { ScriptSentence } from '../script/types.ts';
import type { SpeechEngine } from './engine.ts';
import { SpeechError } from './speech-error.ts';
import { splitIntoChunks } from '../../../shared/text/split-sentences.ts';
import { voiceText } from './voice-text.ts';

/** The pause after each sentence; a new paragraph adds PARAGRAPH_PAUSE_MS before its first. */
export const SENTENCE_PAUSE_MS = 300;
export const PARAGRAPH_PAUSE_MS = 300;
/** A chapter's first sentence (a heading read aloud) gets this much more before it. */
export const CHAPTER_PAUSE_MS = 600;
/** Segments after the first are cut at the first sentence end past this much audio. */
export const SEGMENT_TARGET_MS = 4_000;
/** Attempts at one sentence before the episode fails (the job may still try again later). */
export const SENTENCE_ATTEMPTS = 3;
const RETRY_BASE_MS = 250;
/** Samples quieter than this (16-bit units, about -40 dBFS) count as silence at a sentence's end. */
const QUIET_SAMPLE = 300;
/** Below this RMS (16-bit units, about -60 dBFS) an episode is silence, not speech. */
const SILENCE_RMS = 32;

/** A sentence of the script and the paragraph it belongs to. */
export type EpisodeSentence = ScriptSentence;

export interface EpisodeCue extends EpisodeSentence {
  index: number;
  startMs: number;
  endMs: number;
}

export interface EpisodeSegment {
  seq: number;
  bytes: Uint8Array;
  /** Where the segment starts in the episode's audio and in its file. */
  startMs: number;
  byteOffset: number;
  durationMs: number;
  /** The first sentence not in the audio up to the end of this segment. */
  nextSentence: number;
  /** Sentences spoken in this segment. */
  cues: EpisodeCue[];
  /** Characters of script spoken up to the end of this segment (for estimates). */
  spokenChars: number;
  final: boolean;
}

/** What an earlier run already stored: speech resumes after it. */
export interface EpisodeResume {
  nextSentence: number;
  seq: number;
  ms: number;
  bytes: number;
  spokenChars: number;
}

export const FRESH_EPISODE: EpisodeResume = { nextSentence: 0, seq: 0, ms: 0, bytes: 0, spokenChars: 0 };

export interface EpisodeOptions {
  engine: SpeechEngine;
  voice: string;
  /** The script's language (ISO 639-1): numbers, money, dates and times are read as words of it. */
  language?: string;
  /** The member's own pronunciations, applied to what the voice receives (never to the cues). */
  pronunciations?: Pronunciations;
  sentences: AsyncIterable<EpisodeSentence> | Iterable<EpisodeSentence>;
  encoders: EncoderPool;
  /** Loudness gain for this voice, in dB. */
  gainDb: VoiceGain;
  resume?: EpisodeResume;
  /** Stores a segment; awaited before speech goes on. */
  onSegment: (segment: EpisodeSegment) => Promise<void>;
  signal?: AbortSignal;
  segmentTargetMs?: number;
}

export interface EpisodeResult {
  segments: number;
  bytes: number;
  durationMs: number;
  sentences: number;
}

/** How many samples at the end of `pcm` are silence. */
function quietTail(pcm: Int16Array): number {
  let i = pcm.length;
  while (i > 0 && Math.abs(pcm[i - 1]!) < QUIET_SAMPLE) i--;
  return pcm.length - i;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

/** One sentence's whole PCM, retried on faults worth retrying; nothing of a failed try is kept. */
async function speakSentence(engine: SpeechEngine, text: string, voice: string, signal?: AbortSignal): Promise<Int16Array> {
  const pieces = splitIntoChunks(text, engine.maxChunkChars);
  for (let attempt = 1; ; attempt++) {
    try {
      const parts: Int16Array[] = [];
      for (const piece of pieces) {
        for await (const pcm of engine.synthesize(piece, { voice, signal })) parts.push(pcm);
      }
      return concatPcm(parts);
    } catch (error) {
      signal?.throwIfAborted();
      const retryable = (error as { retryable?: boolean }).retryable !== false;
      if (!retryable || attempt >= SENTENCE_ATTEMPTS) throw error;
      await sleep(RETRY_BASE_MS * 2 ** (attempt - 1), signal);
    }
  }
}

interface Queued {
  index: number;
  sentence: EpisodeSentence;
  speech: string;
  pcm: Promise<Int16Array>;
}

/**
 * Speaks the sentences into segments. Throws a SpeechError rather than store silence; what was
 * stored before a failure stays (a later run resumes after it).
 */
export async function speakEpisode(options: EpisodeOptions): Promise<EpisodeResult> {
  const { engine, voice, signal, encoders } = options;
  const resume = options.resume ?? FRESH_EPISODE;
  const rate = engine.sampleRate;
  const toMs = (samples: number) => (samples / rate) * 1000;
  const targetSamples = Math.round(((options.segmentTargetMs ?? SEGMENT_TARGET_MS) * rate) / 1000);
  const ahead = Math.max(1, engine.concurrency ?? 1);
  signal?.throwIfAborted();

  // Reading the script (maybe still being written) and speaking run side by side: up to `ahead`
  // sentences are spoken before the encoder takes them, in order.
  const queue: Queued[] = [];
  let inputDone = false;
  let inputError: unknown;
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  let stopped = false;
  let resumeParagraph: number | null = null;
  const producer = (async () => {
    try {
      let index = 0;
      for await (const sentence of options.sentences) {
        const i = index++;
        if (stopped) return;
        if (i < resume.nextSentence) {
          resumeParagraph = sentence.paragraph; // a new paragraph after it still gets its pause
          continue;
        }
        while (queue.length >= ahead && !stopped) await new Promise<void>((r) => (wakeProducer = r));
        if (stopped) return;
        const speech = await voiceText(sentence.text, sentence.language ?? options.language, signal, options.pronunciations);
        const pcm = speech ? speakSentence(engine, speech, sentence.voice ?? voice, signal) : Promise.resolve(new Int16Array(0));
        pcm.catch(() => {}); // read in order by the consumer
        queue.push({ index: i, sentence, speech, pcm });
        wakeConsumer?.();
      }
    } catch (error) {
      inputError = error;
    } finally {
      inputDone = true;
      wakeConsumer?.();
    }
  })();
  const next = async (): Promise<Queued | null> => {
    for (;;) {
      const item = queue.shift();
      if (item) {
        wakeProducer?.();
        return item;
      }
      if (inputDone) {
        if (inputError) throw inputError;
        return null;
      }
      await new Promise<void>((r) => (wakeConsumer = r));
      wakeConsumer = undefined;
    }
  };

  let encoder: Awaited<ReturnType<EncoderPool['open']>> | undefined;
  let seq = resume.seq;
  let byteOffset = resume.bytes;
  let audioMs = resume.ms; // audio stored, from the segments' frames
  let spokenChars = resume.spokenChars;
  let written = 0; // samples sent to the encoder in this run
  let cutAt = 0; // samples sent when the last segment was cut
  let cues: EpisodeCue[] = [];
  let lastIndex = resume.nextSentence - 1;
  let lastParagraph: number | null = null;
  let sumSquares = 0;
  let spokenSamples = 0;
  const runStartMs = resume.ms;
  const pauseSamples = Math.round((SENTENCE_PAUSE_MS * rate) / 1000);
  const paragraphSamples = Math.round((PARAGRAPH_PAUSE_MS * rate) / 1000);
  const chapterSamples = Math.round((CHAPTER_PAUSE_MS * rate) / 1000);

  const write = (pcm: Int16Array) => {
    const length = pcm.length; // the array is handed over, and empty after
    if (!length) return;
    encoder!.write(pcm);
    written += length;
  };
  const store = async (final: boolean) => {
    const part = final ? await encoder!.finish() : await encoder!.cut();
    if (!part.bytes.length && !final) return;
    const durationMs = toMs(part.samples);
    const segment: EpisodeSegment = {
      seq,
      bytes: part.bytes,
      startMs: audioMs,
      byteOffset,
      durationMs,
      nextSentence: lastIndex + 1,
      cues,
      spokenChars,
      final,
    };
    await options.onSegment(segment);
    seq++;
    byteOffset += part.bytes.length;
    audioMs += durationMs;
    cues = [];
    cutAt = written;
  };

  try {
    for (let item = await next(); item; item = await next()) {
      signal?.throwIfAborted();
      const pcm = await item.pcm;
      lastIndex = item.index;
      spokenChars += item.sentence.text.length + 1;
      if (!pcm.length) {
        if (/[\p{L}\p{N}]/u.test(item.speech)) throw new SpeechError(`The voice returned no audio for sentence ${item.index + 1}`);
        continue; // nothing a voice reads (a lone symbol)
      }
      encoder ??= await encoders.open({ sampleRate: rate, gainDb: options.gainDb }, signal);
      lastParagraph ??= resumeParagraph;
      if (lastParagraph !== null && item.sentence.paragraph !== lastParagraph) write(new Int16Array(paragraphSamples));
      if (lastParagraph !== null && item.sentence.chapter) write(new Int16Array(chapterSamples));
      lastParagraph = item.sentence.paragraph;
      for (let i = 0; i < pcm.length; i++) sumSquares += pcm[i]! * pcm[i]!;
      spokenSamples += pcm.length;
      const quiet = quietTail(pcm);
      const start = written;
      const end = written + pcm.length - quiet;
      write(pcm);
      write(new Int16Array(Math.max(0, pauseSamples - quiet)));
      cues.push({
        ...item.sentence,
        index: item.index,
        startMs: Math.round(runStartMs + toMs(start + ENCODER_DELAY_SAMPLES)),
        endMs: Math.round(runStartMs + toMs(end + ENCODER_DELAY_SAMPLES)),
      });
      const firstOfRun = seq === resume.seq;
      if (firstOfRun || written - cutAt >= targetSamples) await store(false);
    }
    if (!encoder) {
      if (resume.nextSentence > 0 && seq > 0) return { segments: seq, bytes: byteOffset, durationMs: audioMs, sentences: lastIndex + 1 };
      throw new SpeechError('The script has nothing a voice can read aloud');
    }
    if (spokenSamples && Math.sqrt(sumSquares / spokenSamples) < SILENCE_RMS) throw new SpeechError('The voice produced only silence');
    await store(true);
    return { segments: seq, bytes: byteOffset, durationMs: audioMs, sentences: lastIndex + 1 };
  } finally {
    // The reader stops at its next sentence; a script still being written is not waited for.
    stopped = true;
    wakeProducer?.();
    encoder?.close();
    void producer;
  }
}
