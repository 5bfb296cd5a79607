/**
 * For tests: decode an MP3 with an independent decoder (mpg123 in wasm) and measure what a listener
 * would hear: length, loudness, and the longest pause.
 */
import fs from 'node:fs';
import { MPEGDecoder } from 'mpg123-decoder';
import { readFrameHeader, type Mp3FrameHeader } from '../machinery/audio/mp3-frames.ts';

export interface DecodedAudio {
  samples: Float32Array;
  sampleRate: number;
  durationMs: number;
  errors: number;
}

export async function decodeMp3(bytes: Uint8Array): Promise<DecodedAudio> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const result = decoder.decode(bytes);
    const samples = result.channelData[0] ?? new Float32Array(0);
    return {
      samples: samples.slice(0, result.samplesDecoded),
      sampleRate: result.sampleRate,
      durationMs: (result.samplesDecoded / result.sampleRate) * 1000,
      errors: result.errors.length,
    };
  } finally {
    decoder.free();
  }
}

export async function decodeMp3File(file: string): Promise<DecodedAudio> {
  return decodeMp3(new Uint8Array(await fs.promises.readFile(file)));
}

/** Every frame header in a whole MP3, walking frame to frame from the first byte. */
export function frameHeaders(bytes: Uint8Array): Mp3FrameHeader[] {
  const headers: Mp3FrameHeader[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const header = readFrameHeader(bytes, offset);
    if (!header) throw new Error(`no MP3 frame at byte ${offset} of ${bytes.length}`);
    headers.push(header);
    offset += header.length;
  }
  return headers;
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** The longest pause between two sounds (10 ms windows quieter than `threshold` RMS, full scale 1), in ms. */
export function longestPauseMs(audio: DecodedAudio, threshold = 0.005): number {
  const window = Math.round(audio.sampleRate / 100);
  let longest = 0;
  let run = 0;
  let heardSound = false;
  for (let i = 0; i + window <= audio.samples.length; i += window) {
    if (rms(audio.samples, i, i + window) < threshold) {
      run += 10;
      continue;
    }
    if (heardSound) longest = Math.max(longest, run);
    heardSound = true;
    run = 0;
  }
  return longest;
}
