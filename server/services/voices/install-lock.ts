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

function isStale(file: string, staleMs: number): boolean {
  try {
    const stat = fs.statSync(file);
    if (Date.now() - stat.mtimeMs > staleMs) return true;
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
    if (owner.host !== os.hostname()) return false;
    try {
      process.kill(owner.pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  } catch {
    return true; // gone, or half written by a process that died while writing it
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
      if (!isStale(file, staleMs)) return null;
      fs.rmSync(file, { force: true });
    }
  }
  return null;
}
