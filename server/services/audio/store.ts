/**
 * Podcast audio on local disk (DATA_DIR/audio). A key is 32 random hex characters, so nobody can
 * guess another podcast's file, and a key that is anything else is refused before it can name a path.
 * An episode being made is a folder of segments (`<key>/<seq>.mp3`); once complete, the segments
 * joined become `<key>.mp3` and the folder goes. Every file is written under a `.part` name and
 * renamed into place, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';

const KEY_PATTERN = /^[0-9a-f]{32}$/;
// What a crash leaves behind while a file is written: `<name>.<random>.part`.
const PARTIAL_PATTERN = /\.[0-9a-f]+\.part$/;

export interface AudioStore {
  /** A fresh random key (32 hex characters). */
  newKey(): string;
  /** The finished file of a key; throws NOT_FOUND for anything that is not a key. */
  pathFor(key: string): string;
  /** The file of one segment of an episode being made. */
  segmentPath(key: string, seq: number): string;
  /** Whether a segment's own file is there (it goes once the episode is joined). */
  hasSegmentFile(key: string, seq: number): boolean;
  /** Stores one segment (replacing one a crashed run left at the same place). */
  writeSegment(key: string, seq: number, bytes: Uint8Array): Promise<void>;
  /** Joins segments 0..count-1 into the finished file; answers its size. */
  joinSegments(key: string, count: number): Promise<number>;
  /** Deletes the segment folder of a key; a missing one is not an error. */
  removeSegments(key: string): Promise<void>;
  /** Deletes a key's file and segments; missing ones are not an error. */
  remove(key: string): Promise<void>;
  /** Deletes partial files a crash left behind, older than `olderThanMs`; returns how many. */
  removeStalePartials(olderThanMs?: number): Promise<number>;
}

export function isAudioKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

const notFound = () => new AppError('NOT_FOUND', { message: 'Audio not found' });

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
export function createAudioStore(dir: string): AudioStore {
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true });

  const pathFor = (key: string) => {
    if (!isAudioKey(key)) throw notFound();
    return path.join(root, `${key}.mp3`);
  };
  const segmentDir = (key: string) => {
    if (!isAudioKey(key)) throw notFound();
    return path.join(root, key);
  };
  const segmentPath = (key: string, seq: number) => {
    if (!Number.isSafeInteger(seq) || seq < 0) throw notFound();
    return path.join(segmentDir(key), `${seq}.mp3`);
  };
  const removeSegments = (key: string) => fs.promises.rm(segmentDir(key), { recursive: true, force: true });

  return {
    newKey: () => randomBytes(16).toString('hex'),
    pathFor,
    segmentPath,
    hasSegmentFile: (key, seq) => fs.existsSync(segmentPath(key, seq)),
    async writeSegment(key, seq, bytes) {
      const file = segmentPath(key, seq);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, (part) => fs.promises.writeFile(part, bytes, { flag: 'wx' }));
    },
    async joinSegments(key, count) {
      const file = pathFor(key);
      await writeAtomically(file, async (part) => {
        const out = fs.createWriteStream(part, { flags: 'wx' });
        for (let seq = 0; seq < count; seq++) {
          await pipeline(fs.createReadStream(segmentPath(key, seq)), out, { end: false });
        }
        out.end();
        await new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
      });
      return (await fs.promises.stat(file)).size;
    },
    removeSegments,
    async remove(key) {
      await fs.promises.rm(pathFor(key), { force: true });
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
  };
}
