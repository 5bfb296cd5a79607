/**
 * The decoders of a PDF stream's filter chain, each a streaming step (chunks in, chunks out, never the
 * whole stream held), so what a chain makes can be counted as it is made and stopped past a budget:
 * Flate, LZW, RunLength, ASCIIHex and ASCII85, the filters pdf.js unpacks to read text.
 */
import { Readable } from 'node:stream';
import { constants, createInflate } from 'node:zlib';

export type Chunks = AsyncIterable<Buffer>;
export type FilterStep = (input: Chunks) => Chunks;

/** Flate (zlib): what zlib cannot read ends the step, as pdf.js stops at the damage. */
async function* inflate(input: Chunks): Chunks {
  const stream = Readable.from(input).pipe(createInflate({ finishFlush: constants.Z_SYNC_FLUSH }));
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch {
    // Damaged data: what came before it is all pdf.js would read.
  } finally {
    stream.destroy();
  }
}

/** LZW as PDF writes it: codes of 9 to 12 bits, 256 clears, 257 ends; `earlyChange` widens codes one early (the default). */
function lzw(earlyChange: boolean): FilterStep {
  return async function* (input) {
    const prefix = new Int32Array(4096);
    const suffix = new Uint8Array(4096);
    const length = new Int32Array(4096);
    let next = 258;
    let width = 9;
    let previous = -1;
    let bits = 0;
    let bitCount = 0;
    const entry = new Uint8Array(4096);
    const reset = () => {
      next = 258;
      width = 9;
      previous = -1;
    };
    for (let i = 0; i < 256; i++) {
      suffix[i] = i;
      length[i] = 1;
      prefix[i] = -1;
    }
    for await (const chunk of input) {
      let out: Buffer[] = [];
      let outBytes = 0;
      for (const byte of chunk) {
        bits = ((bits << 8) | byte) & 0xffffff;
        bitCount += 8;
        while (bitCount >= width) {
          const code = (bits >>> (bitCount - width)) & ((1 << width) - 1);
          bitCount -= width;
          if (code === 256) {
            reset();
            continue;
          }
          if (code === 257) return void (out.length && (yield Buffer.concat(out)));
          let emit: number;
          if (code < next) emit = code;
          else if (code === next && previous >= 0) emit = previous;
          else return void (out.length && (yield Buffer.concat(out)));
          // The entry's bytes, last first.
          let n = length[emit]!;
          for (let c = emit, at = n - 1; c >= 0 && at >= 0; c = prefix[c]!, at--) entry[at] = suffix[c]!;
          const first = entry[0]!;
          if (code === next) entry[n++] = first;
          out.push(Buffer.from(entry.subarray(0, n)));
          outBytes += n;
          // A chunk of codes can make megabytes: handed on a megabyte at a time.
          if (outBytes > 1 << 20) {
            yield Buffer.concat(out);
            out = [];
            outBytes = 0;
          }
          if (previous >= 0 && next < 4096) {
            prefix[next] = previous;
            suffix[next] = first;
            length[next] = length[previous]! + 1;
            next++;
          }
          previous = code;
          const widen = next + (earlyChange ? 1 : 0);
          width = widen >= 2048 ? 12 : widen >= 1024 ? 11 : widen >= 512 ? 10 : 9;
        }
      }
      if (out.length) yield Buffer.concat(out);
    }
  };
}

/** RunLength: a length byte n, then n+1 bytes as they are (n < 128) or one byte 257-n times (n > 128); 128 ends. */
async function* runLength(input: Chunks): Chunks {
  let count = -1;
  let repeat = 0;
  for await (const chunk of input) {
    const out: Buffer[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (count > 0) {
        const take = Math.min(count, chunk.length - at);
        out.push(chunk.subarray(at, at + take));
        at += take;
        count -= take;
        continue;
      }
      if (repeat > 0) {
        out.push(Buffer.alloc(repeat, chunk[at++]!));
        repeat = 0;
        continue;
      }
      const n = chunk[at++]!;
      if (n === 128) return void (out.length && (yield Buffer.concat(out)));
      if (n < 128) count = n + 1;
      else repeat = 257 - n;
    }
    if (out.length) yield Buffer.concat(out);
  }
}

/** ASCIIHex: pairs of hex digits, whitespace between, `>` ends (an odd last digit takes a 0). */
async function* asciiHex(input: Chunks): Chunks {
  let odd = -1;
  for await (const chunk of input) {
    const out = Buffer.alloc(Math.ceil(chunk.length / 2) + 1);
    let n = 0;
    for (const byte of chunk) {
      if (byte === 0x3e) {
        if (odd >= 0) out[n++] = odd << 4;
        return void (yield out.subarray(0, n));
      }
      const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? (byte | 0x20) - 0x57 : -1;
      if (digit < 0) continue;
      if (odd < 0) odd = digit;
      else {
        out[n++] = (odd << 4) | digit;
        odd = -1;
      }
    }
    yield out.subarray(0, n);
  }
}

/** ASCII85: groups of five characters `!`-`u` for four bytes, `z` for four zeros, `~>` ends. */
async function* ascii85(input: Chunks): Chunks {
  const group: number[] = [];
  const flush = (out: number[]) => {
    if (group.length < 2) return;
    const count = group.length - 1;
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let b = 0; b < count; b++) out.push((value >>> (24 - 8 * b)) & 0xff);
    group.length = 0;
  };
  for await (const chunk of input) {
    const out: number[] = [];
    for (const byte of chunk) {
      if (byte === 0x7e) {
        flush(out);
        return void (yield Buffer.from(out));
      }
      if (byte === 0x7a && group.length === 0) out.push(0, 0, 0, 0);
      else if (byte >= 0x21 && byte <= 0x75) {
        group.push(byte - 33);
        if (group.length === 5) flush(out);
      }
    }
    yield Buffer.from(out);
  }
}

/** The decoder of a filter named as pdf.js knows it (long or abbreviated); null for image codecs and encryption, which text reading leaves packed. */
export function filterStep(name: string, params: string): FilterStep | null {
  switch (name) {
    case 'FlateDecode':
    case 'Fl':
      return inflate;
    case 'LZWDecode':
    case 'LZW':
      return lzw(!/\/EarlyChange\s+0\b/.test(params));
    case 'RunLengthDecode':
    case 'RL':
      return runLength;
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex;
    case 'ASCII85Decode':
    case 'A85':
      return ascii85;
    default:
      return null;
  }
}

/**
 * Bytes the chain makes from `data`, every step's output counted (so a bomb between two layers counts
 * too), stopping as soon as the count passes `limit` (answering more than it).
 */
export async function chainOutputBytes(data: Buffer, steps: readonly FilterStep[], limit: number): Promise<number> {
  let made = 0;
  const counted = (source: Chunks): Chunks =>
    (async function* () {
      for await (const chunk of source) {
        made += chunk.length;
        yield chunk;
        if (made > limit) return;
      }
    })();
  let stream: Chunks = (async function* () {
    yield data;
  })();
  for (const step of steps) stream = counted(step(stream));
  for await (const _ of stream) if (made > limit) break;
  return made;
}
