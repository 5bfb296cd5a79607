import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAudioStore } from './store.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-audio-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the audio store', () => {
  const dir = path.join(root, 'audio');
  const store = createAudioStore(dir);

  it('makes the folder and gives random 32-hex keys whose files live inside it', () => {
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    const keys = Array.from({ length: 200 }, () => store.newKey());
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(store.pathFor(key)).toBe(path.join(dir, `${key}.mp3`));
    }
  });

  it.each([
    '../../etc/passwd',
    '..',
    '/etc/passwd',
    'a'.repeat(31),
    'a'.repeat(33),
    'g'.repeat(32),
    'A'.repeat(32),
    `${'a'.repeat(32)}.mp3`,
    `${'a'.repeat(30)}/..`,
    `..%2f${'a'.repeat(27)}`,
    `${'a'.repeat(31)}\0`,
    `${'a'.repeat(32)}\n`,
    '',
  ])('refuses a key that is not one: %j', (key) => {
    expect(() => store.pathFor(key)).toThrow(expect.objectContaining({ code: 'NOT_FOUND', status: 404 }));
  });

  it('removes files, and tolerates a missing file', async () => {
    const key = store.newKey();
    fs.writeFileSync(store.pathFor(key), Buffer.alloc(1234));
    await store.remove(key);
    expect(fs.existsSync(store.pathFor(key))).toBe(false);
    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.remove('../outside')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sweeps only partial files old enough to be a crash’s leftovers', async () => {
    const key = store.newKey();
    const old = `${store.pathFor(key)}.0a1b2c.part`;
    const fresh = `${store.pathFor(store.newKey())}.3d4e5f.part`;
    const finished = store.pathFor(key);
    const foreign = path.join(dir, 'notes.part');
    for (const file of [old, fresh, finished, foreign]) fs.writeFileSync(file, 'x');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [old, finished, foreign]) fs.utimesSync(file, hourAgo, hourAgo);
    expect(await store.removeStalePartials()).toBe(1);
    expect([old, fresh, finished, foreign].map((f) => fs.existsSync(f))).toEqual([false, true, true, true]);
  });
});
