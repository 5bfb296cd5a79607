/**
 * One installer at a time per voice across every process sharing DATA_DIR: a lock file created
 * with O_EXCL. Its holder touches it while it works; a lock left by a process that died (its pid gone
 * on this host, or untouched for `staleMs`) is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';

export interface InstallLock {
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
}

/** The stale lock's inode, or null when the lock is alive. */
function staleLock(file: string, staleMs: number): number | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null; // gone: the next attempt creates it
  }
  if (Date.now() - stat.mtimeMs > staleMs) return stat.ino;
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
    if (owner.host !== os.hostname()) return null;
    process.kill(owner.pid, 0);
    return null;
  } catch (error) {
    // Its owner is gone, or died while writing it.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? null : stat.ino;
  }
}

/**
 * Moves a stale lock aside. Two processes may find the same stale lock: the rename lets one take it,
 * and a lock that is no longer the stale one (another process's fresh lock) is put back.
 */
function removeStale(file: string, ino: number) {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // another process moved it first
  }
  if (fs.statSync(aside).ino === ino) return fs.rmSync(aside, { force: true });
  try {
    fs.linkSync(aside, file); // put the fresh lock back, unless yet another was made meanwhile
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/** Takes the lock, or returns null when another live process holds it. */
export function tryInstallLock(file: string, options: { staleMs?: number; touchMs?: number } = {}): InstallLock | null {
  const staleMs = options.staleMs ?? 60_000;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname() } satisfies LockOwner));
      fs.closeSync(fd);
      const touch = setInterval(() => {
        const now = new Date();
        fs.utimes(file, now, now, () => {});
      }, options.touchMs ?? Math.max(1_000, staleMs / 4));
      touch.unref();
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          clearInterval(touch);
          fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const stale = staleLock(file, staleMs);
      if (stale === null) return null;
      removeStale(file, stale);
    }
  }
  return null;
}
