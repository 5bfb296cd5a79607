/**
 * A voice archive (`.tar.bz2`) unpacked into a folder, refusing anything that could write outside
 * it: absolute paths, `..` segments, links of either kind and device files. The bytes written are
 * capped, so a small archive cannot fill the disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import bz2 from 'unbzip2-stream';
import tar from 'tar-stream';

export class VoiceArchiveError extends Error {
  override readonly name = 'VoiceArchiveError';
}

/** The entry's path inside `into`, or an error when it would land anywhere else. */
function safePath(into: string, name: string): string {
  const clean = name.replace(/\/+$/, '');
  if (!clean || clean.includes('\\') || clean.includes('\0') || path.posix.isAbsolute(clean) || clean.split('/').includes('..')) {
    throw new VoiceArchiveError(`The archive holds a path outside its folder: ${JSON.stringify(name)}`);
  }
  const target = path.resolve(into, clean);
  if (!target.startsWith(into + path.sep)) throw new VoiceArchiveError(`The archive holds a path outside its folder: ${JSON.stringify(name)}`);
  return target;
}

/** Unpacks `archive` into the existing, empty folder `into`; at most `maxBytes` of files. */
export async function unpackArchive(archive: string, into: string, options: { maxBytes: number; signal?: AbortSignal }): Promise<void> {
  const root = path.resolve(into);
  let written = 0;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    stream.on('error', () => {}); // a refused entry's stream fails with the archive; the pipeline reports it once
    const fail = (error: Error) => {
      stream.resume();
      next(error);
    };
    let target: string;
    try {
      target = safePath(root, header.name);
    } catch (error) {
      return fail(error as Error);
    }
    if (header.type === 'directory') {
      fs.mkdirSync(target, { recursive: true });
      stream.resume();
      return stream.on('end', () => next());
    }
    if (header.type !== 'file' && header.type !== 'contiguous-file') {
      return fail(new VoiceArchiveError(`The archive holds a ${header.type ?? 'special'} entry, which voices never need: ${header.name}`));
    }
    written += header.size ?? 0;
    if (written > options.maxBytes) return fail(new VoiceArchiveError(`The archive unpacks to more than the ${options.maxBytes} bytes allowed`));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // 'wx': an entry never replaces a file an earlier entry wrote.
    pipeline(stream, fs.createWriteStream(target, { flags: 'wx', mode: 0o644 })).then(() => next(), (error: Error) => next(error));
  });
  try {
    await pipeline(fs.createReadStream(archive), bz2(), extract, { signal: options.signal });
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof VoiceArchiveError) throw error;
    throw new VoiceArchiveError(`The archive could not be unpacked: ${(error as Error).message}`, { cause: error });
  }
}
