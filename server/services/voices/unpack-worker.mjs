// Unpacks one voice archive (.tar.bz2) in a worker thread: bzip2 in JavaScript is slow CPU work that
// must never hold the server's event loop. Plain JavaScript, like the other workers.
//
// workerData: { archive, into, maxFileBytes, maxUnpackedBytes, maxEntries }. Out, once:
// { ok: true, entries, unpackedBytes, threadId } or { ok: false, message }.
//
// Refused: paths outside `into` (absolute, `..`), links of either kind, device files, an entry written
// twice; past the caps: more file bytes, more decompressed bytes (the whole tar stream, so a bomb in a
// second bzip2 stream or in padding counts too) or more entries than allowed.
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import tar from 'tar-stream';
import bz2 from 'unbzip2-stream';

class ArchiveRefused extends Error {}

const { archive, into, maxFileBytes, maxUnpackedBytes, maxEntries } = workerData;
const root = path.resolve(into);

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

let unpackedBytes = 0;
let fileBytes = 0;
let entries = 0;

// Counts what bzip2 gives before tar reads it: the decompressed size is capped, not only the files.
const counted = new Transform({
  transform(chunk, _encoding, done) {
    unpackedBytes += chunk.length;
    if (unpackedBytes > maxUnpackedBytes) return done(new ArchiveRefused(`The archive unpacks to more than the ${maxUnpackedBytes} bytes allowed`));
    done(null, chunk);
  },
});

const extract = tar.extract();
extract.on('entry', (header, stream, next) => {
  stream.on('error', () => {}); // a refused entry's stream fails with the archive; the pipeline reports it once
  const fail = (error) => {
    stream.resume();
    next(error);
  };
  if (++entries > maxEntries) return fail(new ArchiveRefused(`The archive holds more than the ${maxEntries} entries allowed`));
  let target;
  try {
    target = safePath(header.name);
  } catch (error) {
    return fail(error);
  }
  if (header.type === 'directory') {
    fs.mkdirSync(target, { recursive: true });
    stream.resume();
    return stream.on('end', () => next());
  }
  if (header.type !== 'file' && header.type !== 'contiguous-file') {
    return fail(new ArchiveRefused(`The archive holds a ${header.type ?? 'special'} entry, which voices never need: ${header.name}`));
  }
  fileBytes += header.size ?? 0;
  if (fileBytes > maxFileBytes) return fail(new ArchiveRefused(`The archive unpacks to more than the ${maxFileBytes} bytes allowed`));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // 'wx': an entry never replaces a file an earlier entry wrote.
  pipeline(stream, fs.createWriteStream(target, { flags: 'wx', mode: 0o644 })).then(
    () => next(),
    (error) => next(error),
  );
});

try {
  await pipeline(fs.createReadStream(archive), bz2(), counted, extract);
  parentPort.postMessage({ ok: true, entries, unpackedBytes, threadId });
} catch (error) {
  const message = error instanceof ArchiveRefused ? error.message : `The archive could not be unpacked: ${error?.message ?? String(error)}`;
  parentPort.postMessage({ ok: false, message });
}
