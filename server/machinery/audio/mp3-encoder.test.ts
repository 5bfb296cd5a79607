import { describe, expect, it } from 'vitest';
import { createMp3Encoder } from './mp3-encoder.ts';
import { Mp3FrameCounter, readFrameHeader } from './mp3-frames.ts';
import { decodeMp3, frameHeaders, rms } from '../../test/mp3.ts';

function tone(seconds: number, sampleRate: number): Int16Array {
  const n = Math.round(seconds * sampleRate);
  return Int16Array.from({ length: n }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * 330 * i) / sampleRate)));
}

async function encodeInPieces(pcm: Int16Array, sampleRate: number, piece: number): Promise<Uint8Array> {
  const encoder = await createMp3Encoder({ sampleRate });
  const out: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += piece) out.push(encoder.encode(pcm.subarray(i, i + piece)));
  out.push(encoder.finish());
  return new Uint8Array(Buffer.concat(out));
}

describe('the episode MP3 encoder', () => {
  it.each([22_050, 24_000, 44_100])('encodes %i Hz mono PCM as 64 kbps mono MP3 at the same rate', async (rate) => {
    const pcm = tone(3, rate);
    const mp3 = await encodeInPieces(pcm, rate, 4096);
    const headers = frameHeaders(mp3);
    expect(new Set(headers.map((h) => `${h.bitrateKbps}k ${h.channels}ch ${h.sampleRate}`))).toEqual(
      new Set([`64k 1ch ${rate}`]),
    );
    const audio = await decodeMp3(mp3);
    expect(audio.sampleRate).toBe(rate);
    // the encoder adds only its delay and padding: under 3 frames of extra audio
    expect(audio.durationMs - 3000).toBeGreaterThanOrEqual(0);
    expect(audio.durationMs - 3000).toBeLessThan((3 * headers[0]!.samples * 1000) / rate);
    expect(rms(audio.samples)).toBeGreaterThan(0.15); // the tone survives (0.31 peak → 0.22 RMS)
  });

  it('gives the same bytes whatever size the PCM pieces come in', async () => {
    const pcm = tone(2, 22_050);
    const [big, small] = await Promise.all([encodeInPieces(pcm, 22_050, 44_100), encodeInPieces(pcm, 22_050, 777)]);
    expect(Buffer.from(small).equals(Buffer.from(big))).toBe(true);
  });
});

describe('the MP3 frame counter', () => {
  it('counts the frames a decoder decodes, fed in pieces that split headers', async () => {
    const mp3 = await encodeInPieces(tone(2.5, 22_050), 22_050, 8192);
    const audio = await decodeMp3(mp3);
    for (const piece of [1, 3, 7, 209, 4096, mp3.length]) {
      const counter = new Mp3FrameCounter();
      for (let i = 0; i < mp3.length; i += piece) counter.push(mp3.subarray(i, i + piece));
      expect(counter.skippedBytes).toBe(0);
      expect(counter.samples).toBe(Math.round((audio.durationMs * audio.sampleRate) / 1000));
      expect(counter.durationMs).toBeCloseTo(audio.durationMs, 6);
    }
  });

  it.each([
    [[0xff, 0xf3, 0x80, 0xc4], { version: '2', bitrateKbps: 64, sampleRate: 22_050, channels: 1, samples: 576, length: 208 }],
    [[0xff, 0xfb, 0x90, 0x64], { version: '1', bitrateKbps: 128, sampleRate: 44_100, channels: 2, samples: 1152, length: 417 }],
  ])('reads a header %j', (bytes, header) => {
    expect(readFrameHeader(new Uint8Array(bytes))).toEqual(header);
  });

  it.each([
    [[0x49, 0x44, 0x33, 0x04]], // an ID3 tag
    [[0xff, 0xfd, 0x80, 0xc4]], // Layer II
    [[0xff, 0xf3, 0xf0, 0xc4]], // bad bitrate index
    [[0xff, 0xf3, 0x8c, 0xc4]], // reserved sample rate
    [[0xff, 0xf3, 0x80]], // cut short
  ])('rejects what is not a Layer III header: %j', (bytes) => {
    expect(readFrameHeader(new Uint8Array(bytes))).toBeUndefined();
  });
});
