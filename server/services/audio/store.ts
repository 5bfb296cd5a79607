/**
 * Podcast audio on local disk (DATA_DIR/audio). A key is 32 random hex characters, so nobody can
 * guess another podcast's file, and a key that is anything else is refused before it can name a path.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors.ts';

const KEY_PATTERN = /^[0-9a-f]{32}$/;
// What speakEpisode leaves behind while it writes: `<key>.mp3.<random>.part`.
const PARTIAL_PATTERN = /^[0-9a-f]{32}\.mp3\.[0-9a-f]+\.part$/;

export interface AudioStore {
  /** A fresh random key (32 hex characters). */
  newKey(): string;
  /** The file of a key; throws NOT_FOUND for anything that is not a key. */
  pathFor(key: string): string;
  /** Deletes a key's file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Deletes partial files a crash left behind, older than `olderThanMs`; returns how many. */
  removeStalePartials(olderThanMs?: number): Promise<number>;
}

export function isAudioKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A store over `dir`, created if missing. */
export function createAudioStore(dir: string): AudioStore {
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true });

  const pathFor = (key: string) => {
    if (!isAudioKey(key)) throw new AppError('NOT_FOUND', { message: 'Audio not found' });
    return path.join(root, `${key}.mp3`);
  };

  return {
    newKey: () => randomBytes(16).toString('hex'),
    pathFor,
    async remove(key) {
      await fs.promises.rm(pathFor(key), { force: true });
    },
    async removeStalePartials(olderThanMs = 60 * 60 * 1000) {
      let removed = 0;
      for (const name of await fs.promises.readdir(root)) {
        if (!PARTIAL_PATTERN.test(name)) continue;
        const file = path.join(root, name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
          await fs.promises.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
