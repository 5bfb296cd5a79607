/**
 * Podcast audio on local disk (DATA_DIR/audio), the embedded default. An episode being made is a
 * folder of segments (`<key>/<seq>.mp3`); once complete, the segments joined become `<key>.mp3` and
 * the folder goes. Every file is written under a `.part` name and renamed into place, so a reader
 * never sees half a file; parts a crash left are swept at start. Reads stream from disk.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { audioNotFound, checkedKey, episode, isAudioKey, newAudioKey, objectName, segment, type AudioObject, type AudioStore } from './store.ts';

// What a crash leaves behind while a file is written: `<name>.<random>.part`.
const PARTIAL_PATTERN = /\.[0-9a-f]+\.part$/;

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/** Writes through a `.part` file renamed into place; the part goes if anything fails. */
async function writeAtomically(file: string, write: (partFile: string) => Promise<void>): Promise<void> {
  const part = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await write(part);
    await fs.promises.rename(part, file);
  } catch (error) {
    await fs.promises.rm(part, { force: true });
    throw error;
  }
}

/** A store over `dir`, created if missing. */
export function createDiskAudioStore(dir: string): AudioStore {
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true });

  const fileOf = (object: AudioObject) => path.join(root, ...objectName(object).split('/'));
  const segmentDir = (key: string) => path.join(root, checkedKey(key));
  const removeSegments = async (key: string) => fs.promises.rm(segmentDir(key), { recursive: true, force: true });

  return {
    newKey: newAudioKey,
    async stat(object) {
      try {
        const stat = await fs.promises.stat(fileOf(object));
        return stat.isFile() ? stat.size : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(object, range) {
      // Opened here, so a missing file is NOT_FOUND before any response starts.
      const handle = await fs.promises.open(fileOf(object), 'r').catch((err: unknown) => {
        throw isMissing(err) ? audioNotFound(err) : err;
      });
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async write(object, bytes) {
      const file = fileOf(object);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, (part) => fs.promises.writeFile(part, bytes, { flag: 'wx' }));
    },
    async join(key, count, head) {
      const file = fileOf(episode(key));
      await writeAtomically(file, async (part) => {
        // One segment (a few seconds, tens of KB) in memory at a time.
        const out = await fs.promises.open(part, 'wx');
        try {
          if (head?.length) await out.write(head);
          for (let seq = 0; seq < count; seq++) await out.write(await fs.promises.readFile(fileOf(segment(key, seq))));
        } finally {
          await out.close();
        }
      });
      return (await fs.promises.stat(file)).size;
    },
    removeSegments,
    async remove(key) {
      await fs.promises.rm(fileOf(episode(key)), { force: true });
      await removeSegments(key);
    },
    async removeStalePartials(olderThanMs = 60 * 60 * 1000) {
      let removed = 0;
      const sweep = async (folder: string) => {
        for (const entry of await fs.promises.readdir(folder, { withFileTypes: true }).catch(() => [])) {
          const file = path.join(folder, entry.name);
          if (entry.isDirectory()) {
            if (isAudioKey(entry.name)) await sweep(file);
            continue;
          }
          if (!PARTIAL_PATTERN.test(entry.name)) continue;
          const stat = await fs.promises.stat(file).catch(() => undefined);
          if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
            await fs.promises.rm(file, { force: true });
            removed++;
          }
        }
      };
      await sweep(root);
      return removed;
    },
    async *keys() {
      // `<key>.mp3` and `<key>/` may both exist (a re-voiced podcast): each key once, newest time.
      const seen = new Map<string, number>();
      for (const entry of await fs.promises.readdir(root, { withFileTypes: true })) {
        const key = entry.isDirectory() ? entry.name : entry.name.replace(/\.mp3$/, '');
        if (!isAudioKey(key) || (!entry.isDirectory() && !entry.name.endsWith('.mp3'))) continue;
        const stat = await fs.promises.stat(path.join(root, entry.name)).catch(() => undefined);
        if (stat) seen.set(key, Math.max(seen.get(key) ?? 0, stat.mtimeMs));
      }
      for (const [key, modifiedMs] of seen) yield { key, modifiedMs };
    },
  };
}
