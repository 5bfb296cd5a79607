/**
 * Reads MPEG audio Layer III frame headers: enough to know an MP3's exact duration (frames × samples
 * per frame, what a player shows) and to check its bitrate and channel mode, without decoding it.
 */

export interface Mp3FrameHeader {
  version: '1' | '2' | '2.5';
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
  /** PCM samples per channel the frame decodes to. */
  samples: number;
  /** The frame's length in bytes, header included. */
  length: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<Mp3FrameHeader['version'], number[]> = {
  '1': [44100, 48000, 32000],
  '2': [22050, 24000, 16000],
  '2.5': [11025, 12000, 8000],
};

/** The Layer III header at `offset`, or undefined when the bytes there are not one. */
export function readFrameHeader(bytes: Uint8Array, offset = 0): Mp3FrameHeader | undefined {
  if (offset + 4 > bytes.length) return undefined;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const versionBits = (b1 >> 3) & 3;
  if (versionBits === 1 || ((b1 >> 1) & 3) !== 1) return undefined; // reserved version, or not Layer III
  const version = versionBits === 3 ? '1' : versionBits === 2 ? '2' : '2.5';
  const bitrateKbps = (version === '1' ? BITRATES_V1 : BITRATES_V2)[b2 >> 4];
  const sampleRate = SAMPLE_RATES[version][(b2 >> 2) & 3];
  if (!bitrateKbps || !sampleRate) return undefined; // free-format, bad bitrate or reserved rate
  const padding = (b2 >> 1) & 1;
  const samples = version === '1' ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { version, bitrateKbps, sampleRate, channels: b3 >> 6 === 3 ? 1 : 2, samples, length };
}

/** Counts frames in an MP3 byte stream fed in pieces of any size. */
export class Mp3FrameCounter {
  frames = 0;
  samples = 0;
  sampleRate = 0;
  readonly bitrates = new Set<number>();
  readonly channelCounts = new Set<number>();
  /** Bytes that were not part of a frame (tags, or damage). */
  skippedBytes = 0;
  private carry = new Uint8Array(0);
  private remaining = 0;

  push(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.carry.length) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
      this.carry = new Uint8Array(0);
    }
    let offset = Math.min(this.remaining, bytes.length);
    this.remaining -= offset;
    while (offset < bytes.length) {
      if (bytes.length - offset < 4) {
        this.carry = bytes.slice(offset);
        return;
      }
      const header = readFrameHeader(bytes, offset);
      if (!header) {
        this.skippedBytes++;
        offset++;
        continue;
      }
      this.frames++;
      this.samples += header.samples;
      this.sampleRate = header.sampleRate;
      this.bitrates.add(header.bitrateKbps);
      this.channelCounts.add(header.channels);
      const end = offset + header.length;
      this.remaining = Math.max(0, end - bytes.length);
      offset = Math.min(end, bytes.length);
    }
  }

  /** Duration in milliseconds of the frames seen so far. */
  get durationMs(): number {
    return this.sampleRate ? (this.samples / this.sampleRate) * 1000 : 0;
  }
}

/**
 * Splits an MP3 byte run at its last whole frame: `frames` holds every whole frame from the start
 * (and what precedes the first), `rest` the start of a frame still being written.
 */
export function splitWholeFrames(bytes: Uint8Array): { frames: Uint8Array; samples: number; rest: Uint8Array } {
  let offset = 0;
  let samples = 0;
  let end = 0;
  while (offset + 4 <= bytes.length) {
    const header = readFrameHeader(bytes, offset);
    if (!header) {
      offset++;
      continue;
    }
    if (offset + header.length > bytes.length) break;
    offset += header.length;
    samples += header.samples;
    end = offset;
  }
  return { frames: bytes.subarray(0, end), samples, rest: bytes.slice(end) };
}
