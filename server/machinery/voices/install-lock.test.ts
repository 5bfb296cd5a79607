import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tryInstallLock } from './install-lock.ts';

const lockFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-lock-')), 'voice.lock');

describe('the install lock', () => {
  it('is held by one process at a time and free again once released', () => {
    const file = lockFile();
    const first = tryInstallLock(file);
    expect(first).not.toBeNull();
    expect(tryInstallLock(file)).toBeNull();
    first!.release();
    const second = tryInstallLock(file);
    expect(second).not.toBeNull();
    second!.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes over a lock whose owner died, and one on another host that nobody touched for too long', () => {
    const dead = lockFile();
    fs.writeFileSync(dead, JSON.stringify({ pid: 2 ** 22 + 4321, host: os.hostname() }));
    const a = tryInstallLock(dead);
    expect(a).not.toBeNull();
    a!.release();

    const idle = lockFile();
    fs.writeFileSync(idle, JSON.stringify({ pid: 1, host: 'another-machine' }));
    expect(tryInstallLock(idle, { staleMs: 60_000 })).toBeNull(); // touched just now: alive
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(idle, old, old);
    const b = tryInstallLock(idle, { staleMs: 60_000 });
    expect(b).not.toBeNull();
    b!.release();
    expect(fs.readdirSync(path.dirname(idle))).toEqual([]);
  });
});
