/**
 * LAME (wasm-media-encoders) for one episode: 16-bit mono PCM in, constant-bitrate MP3 out, fed as
 * the voice produces it. One encoder per episode, never byte-joined encodings: every separate
 * encoding starts with its own encoder delay and padding, heard as 65–90 ms of silence at each join.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createEncoder } from 'wasm-media-encoders';

type Bitrate = 8 | 16 | 24 | 32 | 40 | 48 | 64 | 80 | 96 | 112 | 128 | 160 | 192 | 224 | 256 | 320;
type Mp3Rate = 8000 | 11025 | 12000 | 16000 | 22050 | 24000 | 32000 | 44100 | 48000;
const MP3_RATES: readonly number[] = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];

export interface Mp3Encoder {
  /** Encodes more PCM; returns the MP3 bytes ready so far (a copy the caller owns). */
  encode(pcm: Int16Array): Uint8Array;
  /** Flushes the last frames. The encoder cannot be used after. */
  finish(): Uint8Array;
}

type LameWasm = Parameters<typeof createEncoder>[1];
let lame: Promise<LameWasm> | undefined;

/** The wasm file is read once per process; after the first encoder, its compiled module is reused. */
function lameWasm(): Promise<LameWasm> {
  lame ??= fs.promises.readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'));
  return lame;
}

export async function createMp3Encoder(options: { sampleRate: number; bitrateKbps?: Bitrate }): Promise<Mp3Encoder> {
  const encoder = await createEncoder('audio/mpeg', await lameWasm(), (module) => {
    lame = Promise.resolve(module);
  });
  encoder.configure({
    channels: 1,
    sampleRate: options.sampleRate,
    bitrate: options.bitrateKbps ?? 64,
    // Keep the voice's own rate when MP3 has it, rather than letting LAME resample.
    ...(MP3_RATES.includes(options.sampleRate) ? { outputSampleRate: options.sampleRate as Mp3Rate } : {}),
  });
  let scratch = new Float32Array(0);
  return {
    encode(pcm) {
      if (pcm.length === 0) return new Uint8Array(0);
      if (scratch.length < pcm.length) scratch = new Float32Array(pcm.length);
      const floats = scratch.subarray(0, pcm.length);
      for (let i = 0; i < pcm.length; i++) floats[i] = pcm[i]! / 32768;
      return encoder.encode([floats]).slice();
    },
    finish() {
      return encoder.finalize().slice();
    },
  };
}
