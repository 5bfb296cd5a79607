/**
 * The audio store's contract, run against both stores: local disk, and a real S3-compatible server
 * (s3rver on loopback). Then what only the disk store does: its layout, `.part` files and their sweep.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bothAudioStores } from '../../test/audio-stores.ts';
import { createDiskAudioStore } from './disk-store.ts';
import { episode, segment, type AudioStore } from './store.ts';

const audio = bothAudioStores('pagecast-audio-');
const { root, stores } = audio;
const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');


const BAD_KEYS = [
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
];

describe.each(stores)('the %s audio store', (_name, make) => {
  let store: AudioStore;
  beforeAll(() => {
    store = make();
  });

  it('gives random 32-hex keys', () => {
    const keys = Array.from({ length: 200 }, () => store.newKey());
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('writes a segment, and answers its size, the whole of it and any range of it', async () => {
    const key = store.newKey();
    const bytes = randomBytes(10_000);
    expect(await store.stat(segment(key, 0))).toBeNull();
    await store.write(segment(key, 0), bytes);
    expect(await store.stat(segment(key, 0))).toBe(10_000);
    expect((await bytesOf(await store.read(segment(key, 0)))).equals(bytes)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [0, 999],
      [1234, 5678],
      [9_999, 9_999],
    ] as const) {
      expect((await bytesOf(await store.read(segment(key, 0), { start, end }))).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    // The episode and the next segment are other objects.
    expect(await store.stat(episode(key))).toBeNull();
    expect(await store.stat(segment(key, 1))).toBeNull();
  });

  it('replaces an object written again at the same place', async () => {
    const key = store.newKey();
    await store.write(segment(key, 3), randomBytes(5_000));
    const again = randomBytes(300);
    await store.write(segment(key, 3), again);
    expect(await store.stat(segment(key, 3))).toBe(300);
    expect((await bytesOf(await store.read(segment(key, 3)))).equals(again)).toBe(true);
  });

  it('answers NOT_FOUND when reading what is not stored', async () => {
    const key = store.newKey();
    await expect(store.read(episode(key))).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(store.read(segment(key, 0), { start: 0, end: 10 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('joins the segments, in order, into the episode; the segments stay until removed', async () => {
    const key = store.newKey();
    const parts = [randomBytes(4_000), randomBytes(1), randomBytes(7_321)];
    // Written out of order, as nothing promises otherwise.
    for (const seq of [2, 0, 1]) await store.write(segment(key, seq), parts[seq]!);
    const whole = Buffer.concat(parts);
    expect(await store.join(key, 3)).toBe(whole.length);
    expect(await store.stat(episode(key))).toBe(whole.length);
    expect((await bytesOf(await store.read(episode(key)))).equals(whole)).toBe(true);
    // A range across the joins.
    expect((await bytesOf(await store.read(episode(key), { start: 3_990, end: 4_010 }))).equals(whole.subarray(3_990, 4_011))).toBe(true);
    expect(await store.stat(segment(key, 1))).toBe(1);

    await store.removeSegments(key);
    for (const seq of [0, 1, 2]) expect(await store.stat(segment(key, seq))).toBeNull();
    expect(await store.stat(episode(key))).toBe(whole.length);
    await expect(store.removeSegments(key)).resolves.toBeUndefined();
  });

  it('joins an episode larger than one upload part (5 MiB) without losing a byte', async () => {
    const key = store.newKey();
    const parts = Array.from({ length: 6 }, () => randomBytes(1024 * 1024 + 17));
    for (const [seq, part] of parts.entries()) await store.write(segment(key, seq), part);
    const whole = Buffer.concat(parts);
    expect(await store.join(key, parts.length)).toBe(whole.length);
    expect(sha256(await bytesOf(await store.read(episode(key))))).toBe(sha256(whole));
    const start = 5 * 1024 * 1024 - 100;
    expect((await bytesOf(await store.read(episode(key), { start, end: start + 199 }))).equals(whole.subarray(start, start + 200))).toBe(true);
    await store.remove(key);
  });

  it('fails a join whose segment is missing, and leaves no episode', async () => {
    const key = store.newKey();
    await store.write(segment(key, 0), randomBytes(100));
    await store.write(segment(key, 2), randomBytes(100));
    await expect(store.join(key, 3)).rejects.toThrow();
    expect(await store.stat(episode(key))).toBeNull();
  });

  it('removes a key’s episode and segments, and tolerates what is already gone', async () => {
    const key = store.newKey();
    const other = store.newKey();
    for (const k of [key, other]) {
      await store.write(segment(k, 0), randomBytes(10));
      await store.write(segment(k, 1), randomBytes(10));
      await store.join(k, 2);
      await store.write(segment(k, 2), randomBytes(10)); // a re-voice's segments beside the episode
    }
    await store.remove(key);
    expect(await store.stat(episode(key))).toBeNull();
    for (const seq of [0, 1, 2]) expect(await store.stat(segment(key, seq))).toBeNull();
    await expect(store.remove(key)).resolves.toBeUndefined();
    // Nothing of another key goes with it.
    expect(await store.stat(episode(other))).toBe(20);
    expect(await store.stat(segment(other, 2))).toBe(10);
  });

  it.each(BAD_KEYS)('refuses a key that is not one: %j', async (key) => {
    const notFound = { code: 'NOT_FOUND', status: 404 };
    await expect(store.stat(episode(key))).rejects.toMatchObject(notFound);
    await expect(store.stat(segment(key, 0))).rejects.toMatchObject(notFound);
    await expect(store.read(episode(key))).rejects.toMatchObject(notFound);
    await expect(store.write(segment(key, 0), new Uint8Array(1))).rejects.toMatchObject(notFound);
    await expect(store.join(key, 1)).rejects.toMatchObject(notFound);
    await expect(store.remove(key)).rejects.toMatchObject(notFound);
    await expect(store.removeSegments(key)).rejects.toMatchObject(notFound);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53])('refuses a segment number that is not one: %s', async (seq) => {
    await expect(store.stat(segment(store.newKey(), seq))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the S3 store', () => {
  it('names objects as on disk: <key>.mp3, and <key>/<seq>.mp3 while it is made', async () => {
    const key = audio.s3.newKey();
    await audio.s3.write(segment(key, 0), randomBytes(10));
    await audio.s3.write(segment(key, 1), randomBytes(10));
    expect((await audio.bucket.keys()).filter((k) => k.startsWith(key))).toEqual([`${key}/0.mp3`, `${key}/1.mp3`]);
    await audio.s3.join(key, 2);
    await audio.s3.removeSegments(key);
    expect((await audio.bucket.keys()).filter((k) => k.startsWith(key))).toEqual([`${key}.mp3`]);
    await audio.s3.remove(key);
    expect((await audio.bucket.keys()).filter((k) => k.startsWith(key))).toEqual([]);
  });

  it('sweeps nothing on a server that cannot list unfinished uploads', async () => {
    expect(await audio.s3.removeStalePartials()).toBe(0);
  });
});

describe('the disk store', () => {
  const dir = path.join(root, 'disk');
  const store = createDiskAudioStore(dir);

  it('makes its folder and keeps the layout: <key>.mp3, and <key>/<seq>.mp3 while it is made, with no part left', async () => {
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    const key = store.newKey();
    await store.write(segment(key, 0), randomBytes(10));
    expect(fs.readdirSync(path.join(dir, key))).toEqual(['0.mp3']);
    await store.join(key, 1);
    await store.removeSegments(key);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(key))).toEqual([`${key}.mp3`]);
  });

  it('sweeps only partial files old enough to be a crash’s leftovers', async () => {
    const file = (key: string) => path.join(dir, `${key}.mp3`);
    const key = store.newKey();
    const old = `${file(key)}.0a1b2c.part`;
    const fresh = `${file(store.newKey())}.3d4e5f.part`;
    const finished = file(key);
    const foreign = path.join(dir, 'notes.part');
    const segmentKey = store.newKey();
    fs.mkdirSync(path.join(dir, segmentKey));
    const oldSegment = path.join(dir, segmentKey, '0.mp3.9f8e7d.part');
    for (const f of [old, fresh, finished, foreign, oldSegment]) fs.writeFileSync(f, 'x');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const f of [old, finished, foreign, oldSegment]) fs.utimesSync(f, hourAgo, hourAgo);
    expect(await store.removeStalePartials()).toBe(2);
    expect([old, fresh, finished, foreign, oldSegment].map((f) => fs.existsSync(f))).toEqual([false, true, true, true, false]);
  });
});
