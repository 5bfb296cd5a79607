/**
 * An ID3v2.3 tag to put in front of an episode's MP3: its title, artist and length, and its chapters
 * as CHAP frames under one ordered, top-level CTOC (the ID3v2 Chapter Frame addendum), so players
 * that read them (and ffprobe) list the chapters of a downloaded file. Pure: bytes in, bytes out.
 */

export interface TagChapter {
  title: string;
  startMs: number;
  endMs: number;
}

export interface EpisodeTag {
  title: string;
  artist: string;
  album?: string;
  durationMs: number;
  chapters: TagChapter[];
}

const latin1 = (text: string) => /^[\x00-\xff]*$/.test(text);

/** A text frame's body: encoding byte, then ISO-8859-1, or UTF-16 with its BOM when needed. */
function textBody(text: string): Uint8Array {
  const clean = text.replace(/\0/g, '');
  if (latin1(clean)) return Uint8Array.from([0, ...Buffer.from(clean, 'latin1')]);
  return Uint8Array.from([1, 0xff, 0xfe, ...Buffer.from(clean, 'utf16le')]);
}

/** A v2.3 frame: 4-character id, 32-bit size (not syncsafe in v2.3), no flags. */
function frame(id: string, body: Uint8Array): Uint8Array {
  const out = Buffer.alloc(10 + body.length);
  out.write(id, 0, 'ascii');
  out.writeUInt32BE(body.length, 4);
  out.set(body, 10);
  return out;
}

const concat = (parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(Math.max(0, Math.min(0xffffffff, Math.round(n))), 0);
  return b;
};
const elementId = (i: number) => Buffer.from(`ch${i}\0`, 'ascii');

/** 28-bit size as four 7-bit bytes (the tag header's size). */
function syncsafe(n: number): Uint8Array {
  return Uint8Array.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

export function id3Tag(tag: EpisodeTag): Uint8Array {
  const chapters = tag.chapters.filter((c) => c.endMs > c.startMs).slice(0, 255); // CTOC counts them in a byte
  const frames: Uint8Array[] = [
    frame('TIT2', textBody(tag.title)),
    frame('TPE1', textBody(tag.artist)),
    ...(tag.album ? [frame('TALB', textBody(tag.album))] : []),
    frame('TLEN', textBody(String(Math.round(tag.durationMs)))),
  ];
  if (chapters.length) {
    frames.push(
      frame(
        'CTOC',
        concat([
          Buffer.from('toc\0', 'ascii'),
          Uint8Array.from([0x03, chapters.length]), // top-level, ordered; entry count
          ...chapters.map((_, i) => elementId(i)),
        ]),
      ),
    );
    chapters.forEach((chapter, i) => {
      frames.push(
        frame(
          'CHAP',
          concat([
            elementId(i),
            uint32(chapter.startMs),
            uint32(chapter.endMs),
            uint32(0xffffffff), // byte offsets unused: times rule
            uint32(0xffffffff),
            frame('TIT2', textBody(chapter.title)),
          ]),
        ),
      );
    });
  }
  const body = concat(frames);
  if (body.length >= 1 << 28) throw new Error('the ID3 tag is too large');
  // "ID3", version 2.3.0, no flags, size of what follows the header.
  return concat([Buffer.from('ID3', 'ascii'), Uint8Array.from([3, 0, 0]), syncsafe(body.length), body]);
}

/** The size of an ID3v2 tag at the start of `bytes` (0 when there is none). */
export function id3TagSize(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
}
