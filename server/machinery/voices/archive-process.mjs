// Hashes or unpacks one voice archive (.tar.bz2) in a process of its own (unpack.ts forks it): bzip2 in
// JavaScript and hashing hundreds of megabytes are CPU work that must never hold the server's event
// loop, nor its share of the CPU. The process starts a session of its own: where the kernel shares the
// CPU between sessions first (Linux's autogroup), a busy thread inside the server spends the server's
// share, and the server's main thread then waits for a core behind every other session on a loaded
// machine (a 10 ms timer 150-550 ms late at the 99th percentile here, against 20-220 ms with the work
// in its own session). Its session's group takes the server's priority (`groupNice`), so it never
// outranks the server nor escapes a priority the server was given, yet moves on a busy machine. The
// process runs at nice 19, which orders it behind the server where the CPU is shared by process
// instead, and as SCHED_IDLE where it can: a thread that wakes on its core takes it at once. Its
// memory is its own, too. Plain JavaScript, like the workers.
//
// argv[2], JSON, each with `groupNice` (the server's session group's nice, when known):
// { task: 'sha256', archive } → { ok: true, sha256 }, or { task: 'unpack', archive, into, maxFileBytes, maxUnpackedBytes, maxEntries,
// maxRatioBytes, maxRatio } →
// { ok: true, entries, unpackedBytes, pid }; either may answer { ok: false, message } (an unpacking
// with the bytes bzip2 had made by then). Sent once over IPC; it exits when its parent goes.
//
// Refused: paths outside `into` (absolute, `..`), links of either kind, device files, an entry written
// twice; past the caps: more file bytes, more decompressed bytes (the whole tar stream, so a bomb in a
// second bzip2 stream or in padding counts too; and more than `maxRatio` times the archive's own size,
// `maxRatioBytes`) or more entries than allowed. The decompressed bytes
// are counted as bzip2 makes them, so a bomb stops within a megabyte of the cap.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import bzip2 from 'unbzip2-stream/lib/bzip2.js';
import bitIterator from 'unbzip2-stream/lib/bit_iterator.js';

/** The archive is hostile or past a cap. */
class ArchiveRefused extends Error {}
/** The archive is not bzip2, or is damaged or cut short. */
class ArchiveDamaged extends Error {}

process.once('disconnect', () => process.exit(1)); // the server went: nobody waits for the answer
const { task, archive, into, maxFileBytes, maxUnpackedBytes, maxEntries, maxRatioBytes, maxRatio, groupNice } = JSON.parse(process.argv[2]);

try {
  os.setPriority(19); // background work: everything else goes first
} catch {
  // not permitted here: the normal priority
}
// SCHED_IDLE where util-linux's chrt is there (else nice alone).
spawnSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
if (typeof groupNice === 'number') {
  try {
    fs.writeFileSync('/proc/self/autogroup', String(groupNice));
  } catch {
    // no autogroup here
  }
}

let unpackedBytes = 0;
let fileBytes = 0;
let entries = 0;

/** Output is gathered in pieces of this size: a bomb's block never becomes one huge allocation. */
const PIECE = 1 << 20;

/**
 * bzip2 streams, one after another, decoded a block at a time from `source` (unbzip2-stream's block
 * decoder, which needs a whole compressed block buffered first). Yields as the consumer reads, and
 * throws once the output passes `max` bytes, inside the block that passes it.
 */
async function* bunzip2(source, max) {
  const queue = [];
  let received = 0;
  let bits = null;
  let blockSize = 0; // 0: a stream's header comes next
  let streamCrc = null;
  let table = null;
  const nextBuffer = () => {
    const next = queue.shift();
    if (!next) throw new ArchiveDamaged('the archive ends in the middle of a bzip2 block: it was cut short');
    return next;
  };

  function decodeOne() {
    if (!blockSize) {
      blockSize = bzip2.header(bits);
      streamCrc = 0;
      return [];
    }
    const size = 100_000 * blockSize;
    if (table?.length !== size) table = new Int32Array(size);
    const pieces = [];
    let piece = Buffer.allocUnsafe(PIECE);
    let at = 0;
    const write = (byte) => {
      if (at === PIECE) {
        pieces.push(piece);
        unpackedBytes += PIECE;
        checkUnpacked(max);
        piece = Buffer.allocUnsafe(PIECE);
        at = 0;
      }
      piece[at++] = byte;
    };
    streamCrc = bzip2.decompress(bits, write, table, size, streamCrc);
    if (streamCrc === null) {
      blockSize = 0; // the stream's end: another may follow
      return [];
    }
    unpackedBytes += at;
    checkUnpacked(max);
    if (at > 0) pieces.push(piece.subarray(0, at));
    return pieces;
  }

  for await (const chunk of source) {
    queue.push(chunk);
    received += chunk.length;
    bits ??= bitIterator(nextBuffer);
    // A block is decoded once it is surely all here (a compressed block never outgrows its block size by much).
    while (received - bits.bytesRead + 1 >= 25_000 + 100_000 * blockSize) yield* decodeOne();
  }
  while (bits && received > bits.bytesRead) yield* decodeOne();
  if (!bits) throw new ArchiveDamaged('the archive is empty');
  if (streamCrc !== null) throw new ArchiveDamaged('the archive ends before its bzip2 stream does: it was cut short');
}

/** Throws past the cap, or past the archive's own size times the ratio allowed. */
function checkUnpacked(max) {
  if (unpackedBytes > max) throw new ArchiveRefused(`The archive unpacks to more than the ${max} bytes allowed`);
  if (maxRatioBytes && unpackedBytes > maxRatioBytes) {
    throw new ArchiveRefused(`The archive unpacks to more than ${maxRatio} times its own size (${maxRatioBytes} bytes)`);
  }
}

const root = into && path.resolve(into);

/** The entry's path inside the folder, or a refusal when it would land anywhere else. */
function safePath(name) {
  const clean = name.replace(/\/+$/, '');
  if (!clean || clean.includes('\\') || clean.includes('\0') || path.posix.isAbsolute(clean) || clean.split('/').includes('..')) {
    throw new ArchiveRefused(`The archive holds a path outside its folder: ${JSON.stringify(name)}`);
  }
  const target = path.resolve(root, clean);
  if (!target.startsWith(root + path.sep)) throw new ArchiveRefused(`The archive holds a path outside its folder: ${JSON.stringify(name)}`);
  return target;
}

function unpackInto() {
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    stream.on('error', () => {}); // a refused entry's stream fails with the archive; the pipeline reports it once
    const fail = (error) => {
      stream.resume();
      next(error);
    };
    if (++entries > maxEntries) return fail(new ArchiveRefused(`The archive holds more than the ${maxEntries} entries allowed`));
    try {
      const target = safePath(header.name);
      if (header.type === 'directory') {
        fs.mkdirSync(target, { recursive: true });
        stream.resume();
        return stream.on('end', () => next());
      }
      if (header.type !== 'file' && header.type !== 'contiguous-file') {
        return fail(new ArchiveRefused(`The archive holds a ${header.type ?? 'special'} entry, which voices never need: ${JSON.stringify(header.name)}`));
      }
      fileBytes += header.size ?? 0;
      if (fileBytes > maxFileBytes) {
        return fail(new ArchiveRefused(`The archive's files come to more than the ${maxFileBytes} bytes allowed (${JSON.stringify(header.name)} alone is ${header.size} bytes)`));
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // 'wx': an entry never replaces a file an earlier entry wrote.
      pipeline(stream, fs.createWriteStream(target, { flags: 'wx', mode: 0o644 })).then(
        () => next(),
        (error) =>
          next(error?.code === 'EEXIST' ? new ArchiveRefused(`The archive holds ${JSON.stringify(header.name)} twice`) : error),
      );
    } catch (error) {
      // A path through a file an earlier entry wrote (ENOTDIR), a folder where a file is (EEXIST), …
      fail(error instanceof ArchiveRefused ? error : new ArchiveRefused(`The archive's entry ${JSON.stringify(header.name)} cannot be written (${error.code ?? error.message})`));
    }
  });
  return extract;
}

async function sha256() {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(archive, { highWaterMark: 1 << 20 })) hash.update(chunk);
  return hash.digest('hex');
}

/** What the member reads: a refusal as it is, a damaged archive or the decoder's own words said plainly. */
function explain(error) {
  if (error instanceof ArchiveRefused) return error.message;
  if (error instanceof ArchiveDamaged) return `The archive is damaged or not a .tar.bz2: ${error.message}`;
  if (error?.name === 'Bzip2Error') {
    // The decoder's own words are whimsical ("meow i'm a kitty"): said plainly instead.
    const why = /crc/i.test(error.message) ? 'its data fails its own checksum' : /magic|not a bzip/i.test(error.message) ? 'it does not start as bzip2 does' : 'its bzip2 data is invalid';
    return `The archive is damaged or not a .tar.bz2: ${why}`;
  }
  return `The archive could not be unpacked: ${error?.message ?? String(error)}`;
}

/** The one answer, then the end: exits once it is sent. */
const answer = (message) => process.send(message, () => process.exit(0));

try {
  if (task === 'sha256') {
    answer({ ok: true, sha256: await sha256() });
  } else {
    await pipeline(fs.createReadStream(archive), (source) => bunzip2(source, maxUnpackedBytes), unpackInto());
    answer({ ok: true, entries, unpackedBytes, pid: process.pid });
  }
} catch (error) {
  answer({ ok: false, message: explain(error), ...(task === 'unpack' ? { unpackedBytes } : {}) });
}
