import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bzip2Of, fakePiperModel, piperVoiceEntries, serveArchives, tarBz2, type ArchiveEntry, type ArchiveServer } from '../../test/fake-voice.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CatalogueVoice } from './voice-catalogue.ts';
import { MAX_UNPACK_RATIO, UNPACK_RATIO_FLOOR, unpackArchive, VoiceArchiveError } from './unpack.ts';
import { createVoiceStore, type VoiceEvent } from './voice-store.ts';
import { SAFETY_NET_MS } from '../../test/wait.ts';

const FOLDER = 'vits-piper-en_US-test-low';
const ARCHIVE = `${FOLDER}.tar.bz2`;
const MODEL = 'en_US-test-low.onnx';

let good: Buffer;
let server: ArchiveServer;

const voice = (overrides: Partial<CatalogueVoice> = {}): CatalogueVoice => ({
  id: 'piper-en-us-test',
  name: 'Test voice',
  language: 'en',
  kind: 'piper',
  quality: 'low',
  gender: 'female',
  archive: ARCHIVE,
  model: MODEL,
  approxBytes: good.length,
  sha256: null,
  licence: 'CC0-1.0',
  licenceSource: 'https://example.test/MODEL_CARD', licenceUse: 'commercial',
  sampleRate: 22_050,
  ...overrides,
});

const archiveFolderOf = (v: CatalogueVoice) => v.archive.replace(/\.tar\.bz2$/, '');
const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-voices-'));
/** The stores' clock: a test moves it past a back-off instead of waiting. */
let clock = Date.now();
const storeFor = (dir: string, catalogue: CatalogueVoice[], downloads = true, logger?: Logger) =>
  createVoiceStore({ dataDir: dir, modelsUrl: server.url, downloads, catalogue, now: () => clock, logger });
const partOf = (dir: string, archive = ARCHIVE) => path.join(dir, 'voices', '.downloads', `${archive}.part`);

beforeAll(async () => {
  good = await tarBz2(piperVoiceEntries(FOLDER, MODEL));
  server = await serveArchives({ [ARCHIVE]: good });
});
afterAll(() => server.close());

describe('installing a natural voice', () => {
  it('downloads, verifies, unpacks and lists it as installed, reporting progress on the way', async () => {
    const dir = dataDir();
    const store = storeFor(dir, [voice()]);
    expect(store.list()[0]!.state).toEqual({ state: 'not-installed' });
    const events: VoiceEvent[] = [];
    const states: string[] = [];
    store.subscribe((event) => {
      events.push(event);
      if (event.type === 'progress') states.push(store.list()[0]!.state.state);
    });

    const installed = await store.install('piper-en-us-test');

    expect(installed.dir).toBe(path.join(dir, 'voices', 'piper-en-us-test'));
    expect(fs.existsSync(path.join(installed.dir, MODEL))).toBe(true);
    expect(fs.existsSync(path.join(installed.dir, 'espeak-ng-data', 'phontab'))).toBe(true);
    expect(store.list()[0]!.state.state).toBe('installed');
    expect(states).toContain('downloading');
    const last = events.filter((e) => e.type === 'progress').pop();
    expect(last).toMatchObject({ received: good.length, total: good.length });
    expect(events.at(-1)).toMatchObject({ type: 'installed', id: 'piper-en-us-test' });
    // The first download pins the checksum; nothing of the work is left behind.
    const pins = JSON.parse(fs.readFileSync(path.join(dir, 'voices', 'pins.json'), 'utf8')) as Record<string, string>;
    expect(pins[ARCHIVE]).toBe(installed.sha256);
    expect(fs.readdirSync(path.join(dir, 'voices')).filter((f) => f.startsWith('.unpack'))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'voices', '.downloads'))).toEqual([]);
  });

  it('resumes a download cut halfway with a Range request', async () => {
    const dir = dataDir();
    const store = storeFor(dir, [voice()]);
    // A cut connection may lose what was still in flight (a reset drops it): cut again until some bytes landed.
    let kept = 0;
    for (let attempt = 0; attempt < 10 && kept === 0; attempt++) {
      if (attempt > 0) clock += 60 * 60_000; // the next try, past the longest back-off
      server.cutNextAfter(ARCHIVE, Math.floor(good.length / 2));
      await expect(store.install('piper-en-us-test')).rejects.toThrow(/cut|ended after/);
      // Tried again after a back-off that grows with each failure in a row.
      const failed = store.list()[0]!.state;
      expect(failed).toEqual({ state: 'failed', reason: expect.stringMatching(/cut|ended after/), nextTry: expect.any(Date) });
      expect((failed as { nextTry: Date }).nextTry.getTime()).toBeGreaterThanOrEqual(clock + 60_000);
      kept = fs.existsSync(partOf(dir)) ? fs.statSync(partOf(dir)).size : 0;
    }
    expect(kept).toBeGreaterThan(0);
    const before = server.requests.length;

    clock += 24 * 60 * 60_000; // past any back-off
    await store.install('piper-en-us-test');

    expect(server.requests.slice(before)).toEqual([{ path: `/tts-models/${ARCHIVE}`, range: `bytes=${kept}-`, ifRange: expect.any(String) }]);
    expect(store.installed('piper-en-us-test')).not.toBeNull();
  });

  it('refuses an archive whose checksum is not the catalogue\'s, and one that differs from the checksum pinned at first download', async () => {
    const wrong = storeFor(dataDir(), [voice({ sha256: 'ab'.repeat(32) })]);
    await expect(wrong.install('piper-en-us-test')).rejects.toThrow(/does not match its checksum/);
    expect(wrong.installed('piper-en-us-test')).toBeNull();

    const dir = dataDir();
    const store = storeFor(dir, [voice()]);
    const installedFirst = await store.install('piper-en-us-test');
    fs.rmSync(path.join(dir, 'voices', 'piper-en-us-test'), { recursive: true });
    const altered = await tarBz2(piperVoiceEntries(FOLDER, MODEL, fakePiperModel({ sampleRate: 16_000 })));
    const other = await serveArchives({ [ARCHIVE]: altered });
    try {
      const again = createVoiceStore({ dataDir: dir, modelsUrl: other.url, downloads: true, catalogue: [voice({ approxBytes: altered.length })] });
      // The error says how to accept the replaced archive, and doing so re-pins it.
      await expect(again.install('piper-en-us-test')).rejects.toThrow(/does not match its checksum .*pagecast voices install piper-en-us-test --force/);
      expect(again.installed('piper-en-us-test')).toBeNull();
      const renewed = await again.install('piper-en-us-test', { force: true });
      expect(renewed.sha256).not.toBe(installedFirst.sha256);
      const pins = JSON.parse(fs.readFileSync(path.join(dir, 'voices', 'pins.json'), 'utf8')) as Record<string, string>;
      expect(pins[ARCHIVE]).toBe(renewed.sha256);
    } finally {
      await other.close();
    }
  });

  it.each<[string, ArchiveEntry[], RegExp]>([
    ['a ../ path', [{ name: `${FOLDER}/../../escaped.txt`, data: 'out' }], /holds a path outside its folder: ".*escaped\.txt"/],
    ['an absolute path', [{ name: '/tmp/pagecast-escaped.txt', data: 'out' }], /holds a path outside its folder/],
    ['a symlink', [{ name: `${FOLDER}/link`, symlinkTo: '/etc/passwd' }], /holds a symlink entry, which voices never need/],
    ['a hard link', [{ name: `${FOLDER}/link`, hardlinkTo: '/etc/passwd' }], /holds a link entry, which voices never need/],
    ['a device file', [{ name: `${FOLDER}/tty`, type: 'character-device' }], /holds a character-device entry/],
    ['a file written twice', [{ name: `${FOLDER}/tokens.txt`, data: 'first' }], /holds ".*tokens\.txt" twice/],
    ['a path through a file', [{ name: `${FOLDER}/plain`, data: 'x' }, { name: `${FOLDER}/plain/inside`, data: 'y' }], /entry ".*plain\/inside" cannot be written \((?:EEXIST|ENOTDIR)\)/],
  ])('refuses an archive holding %s, and writes nothing outside its folder', async (_, hostile, message) => {
    const folder = `${FOLDER}-hostile-${Math.random().toString(36).slice(2)}`;
    const archive = await tarBz2([...hostile.map((entry) => ({ ...entry, name: entry.name.replace(FOLDER, folder) })), ...piperVoiceEntries(folder, MODEL)]);
    const name = `${folder}.tar.bz2`;
    server.set(name, archive);
    const dir = dataDir();
    const store = storeFor(dir, [voice({ archive: name, approxBytes: archive.length })]);
    await expect(store.install('piper-en-us-test')).rejects.toThrow(message);
    expect(store.installed('piper-en-us-test')).toBeNull();
    expect(fs.existsSync(path.join(dir, 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'voices', 'escaped.txt'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'voices')).filter((f) => f.startsWith('.unpack'))).toEqual([]);
  });

  it('refuses a voice whose model does not load, without harming this process', async () => {
    const broken = await tarBz2(piperVoiceEntries(`${FOLDER}-broken`, MODEL, fakePiperModel().subarray(0, 300)));
    const name = `${FOLDER}-broken.tar.bz2`;
    server.set(name, broken);
    const store = storeFor(dataDir(), [voice({ archive: name, approxBytes: broken.length })]);
    await expect(store.install('piper-en-us-test')).rejects.toThrow(/model .* while loading/);
    expect(store.installed('piper-en-us-test')).toBeNull();
  });

  it('makes no request at all with VOICE_DOWNLOADS=off', async () => {
    const before = server.requests.length;
    const store = storeFor(dataDir(), [voice()], false);
    await expect(store.install('piper-en-us-test')).rejects.toThrow(/VOICE_DOWNLOADS=off/);
    expect(server.requests.length).toBe(before);
  });

  it('installs once when two servers share the data folder, and takes over a lock its dead owner left', async () => {
    const dir = dataDir();
    const before = server.requests.length;
    const [a, b] = await Promise.all([storeFor(dir, [voice()]).install('piper-en-us-test'), storeFor(dir, [voice()]).install('piper-en-us-test')]);
    expect(a.dir).toBe(b.dir);
    expect(server.requests.length - before).toBe(1);

    const other = dataDir();
    fs.mkdirSync(path.join(other, 'voices', '.locks'), { recursive: true });
    // A pid no process has: the lock's owner died.
    fs.writeFileSync(path.join(other, 'voices', '.locks', 'piper-en-us-test.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }));
    await expect(storeFor(other, [voice()]).install('piper-en-us-test')).resolves.toMatchObject({ sha256: a.sha256 });
  });
});

/** A logger that keeps what it was told. */
function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const logger: Logger = {
    debug: (message) => void lines.push({ level: 'debug', message }),
    info: (message) => void lines.push({ level: 'info', message }),
    warn: (message) => void lines.push({ level: 'warn', message }),
    error: (message) => void lines.push({ level: 'error', message }),
    child: () => logger,
  } as Logger;
  return { logger, lines };
}

describe('a voice install that fails', () => {
  it('drops an archive that does not unpack, so the next attempt downloads from byte zero and installs', async () => {
    const name = `${FOLDER}-corrupt.tar.bz2`;
    // What a proxy's error page served with 200, or an asset re-uploaded under the same name, looks like.
    server.set(name, Buffer.concat([good.subarray(0, 2_000), Buffer.alloc(good.length - 2_000, 7)]));
    const dir = dataDir();
    const store = storeFor(dir, [voice({ archive: name, approxBytes: good.length })]);
    await expect(store.install('piper-en-us-test')).rejects.toThrow(/The archive is damaged or not a \.tar\.bz2/);
    expect(fs.existsSync(partOf(dir, name))).toBe(false);

    server.set(name, await tarBz2(piperVoiceEntries(`${FOLDER}-corrupt`, MODEL)));
    const before = server.requests.length;
    clock += 60_000;
    await store.install('piper-en-us-test');
    expect(server.requests.slice(before).map((r) => r.range)).toEqual([undefined]);
    expect(store.installed('piper-en-us-test')).not.toBeNull();
  });

  it('says so when the mirror serves a web page, and keeps nothing of it', async () => {
    const name = `${FOLDER}-portal.tar.bz2`;
    // A sign-in page or a proxy's error, served with 200 and a type that claims to be a file.
    server.set(name, Buffer.from('<!DOCTYPE html><html><body>Please sign in to continue</body></html>'));
    const dir = dataDir();
    const store = storeFor(dir, [voice({ archive: name })]);
    await expect(store.install('piper-en-us-test')).rejects.toThrow(/did not send the archive: its answer starts with "<!DOCTYPE html><html><body>Please sign/);
    expect(fs.existsSync(partOf(dir, name))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'voices', 'pins.json'))).toBe(false);
  });

  it('a mirror whose Content-Length is short gives a cut-off archive: refused as damaged, dropped, then fetched whole', async () => {
    const name = `${FOLDER}-short.tar.bz2`;
    const archive = await tarBz2(piperVoiceEntries(`${FOLDER}-short`, MODEL));
    server.set(name, archive);
    server.intercept((req, res) => {
      if (!req.url?.endsWith(name)) return false;
      server.intercept(null);
      // Written by hand: Node's own server would not send more than the length it states.
      res.socket!.end(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${Math.floor(archive.length / 2)}\r\nconnection: close\r\n\r\n`), archive]));
      return true;
    });
    const dir = dataDir();
    const store = storeFor(dir, [voice({ archive: name, approxBytes: archive.length })]);
    await expect(store.install('piper-en-us-test')).rejects.toThrow(/The archive is damaged or not a \.tar\.bz2: .*cut short/);
    expect(fs.existsSync(partOf(dir, name))).toBe(false);

    const before = server.requests.length;
    clock += 60_000;
    await store.install('piper-en-us-test');
    expect(server.requests.slice(before).map((r) => r.range)).toEqual([undefined]);
  });

  it('keeps a download whose unpacking ran out of time (a busy machine), and the next attempt unpacks it without fetching it again', async () => {
    const dir = dataDir();
    const hurried = createVoiceStore({ dataDir: dir, modelsUrl: server.url, downloads: true, catalogue: [voice()], now: () => clock, unpackTimeoutMs: 1 });
    await expect(hurried.install('piper-en-us-test')).rejects.toThrow(/took more than the 0 s allowed to unpack \(the machine may be busy/);
    expect(fs.statSync(partOf(dir)).size).toBe(good.length);

    const before = server.requests.length;
    await storeFor(dir, [voice()]).install('piper-en-us-test');
    // Only asked whether the part is whole: a 416 of its size.
    expect(server.requests.slice(before)).toEqual([expect.objectContaining({ range: `bytes=${good.length}-` })]);
  });

  it('offline, twenty requests for the voice make one attempt and one log line; the next waits 1 min, then 5', async () => {
    const { logger, lines } = recordingLogger();
    const offline = createVoiceStore({
      dataDir: dataDir(), modelsUrl: 'http://127.0.0.1:9/tts-models', downloads: true, catalogue: [voice()], now: () => clock, logger,
    });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => offline.install('piper-en-us-test')));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    for (let i = 0; i < 20; i++) await expect(offline.install('piper-en-us-test')).rejects.toThrow(/Could not reach .*next try after/);
    expect(lines.filter((l) => l.message === 'voice install failed')).toHaveLength(1);
    expect(offline.list()[0]!.state).toMatchObject({ state: 'failed', reason: expect.stringMatching(/Could not reach/), nextTry: new Date(clock + 60_000) });

    clock += 60_000;
    await expect(offline.install('piper-en-us-test')).rejects.toThrow(/Could not reach/);
    expect(lines.filter((l) => l.message === 'voice install failed')).toHaveLength(2);
    expect(offline.list()[0]!.state).toMatchObject({ state: 'failed', nextTry: new Date(clock + 5 * 60_000) });
    // An administrator's explicit install does not wait.
    await expect(offline.install('piper-en-us-test', { ignoreBackoff: true })).rejects.toThrow(/Could not reach [^(]*$/);
  });

  it('lists a voice it may not download as off', () => {
    expect(storeFor(dataDir(), [voice()], false).list()[0]!.state).toEqual({ state: 'off' });
  });
});

describe('unpacking a voice archive', () => {
  it('happens in a process of its own, never on the event loop', async () => {
    const archive = path.join(dataDir(), ARCHIVE);
    fs.writeFileSync(archive, good);
    const into = dataDir();
    const done = await unpackArchive(archive, into, { maxBytes: good.length * 10 });
    expect(done.pid).not.toBe(process.pid);
    expect(fs.existsSync(path.join(into, FOLDER, MODEL))).toBe(true);
  });

  it('stops a bzip2 bomb hidden in later streams within a megabyte of the cap, counting decompressed bytes, not only file bytes', async () => {
    // 1 GB of zeros in a few kilobytes: one 45 MB block of zeros, as 23 streams back to back.
    const block = await bzip2Of(Buffer.alloc(45_000_000));
    const bomb = Buffer.concat([good, ...Array.from({ length: 23 }, () => block)]);
    expect(bomb.length).toBeLessThan(good.length + 5_000);
    const archive = path.join(dataDir(), 'bomb.tar.bz2');
    fs.writeFileSync(archive, bomb);
    const refused = await unpackArchive(archive, dataDir(), { maxBytes: 2_000_000 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VoiceArchiveError);
    expect((refused as VoiceArchiveError).message).toBe('The archive unpacks to more than the 2200000 bytes allowed');
    // Stopped as bzip2 made the bytes, not after the whole 1 GB block by block.
    expect((refused as VoiceArchiveError).unpackedBytes).toBeLessThanOrEqual(2_200_000 + (1 << 20));
  });

  it('refuses an archive that unpacks to more than ten times its size at the ratio, not at the cap', async () => {
    // A small archive and a trailing stream of zeros: far within the cap (a voice's 422 MB) until 1 GB.
    const block = await bzip2Of(Buffer.alloc(45_000_000));
    const bomb = Buffer.concat([good, ...Array.from({ length: 23 }, () => block)]);
    const archive = path.join(dataDir(), 'trailing-zeros.tar.bz2');
    fs.writeFileSync(archive, bomb);
    const refused = await unpackArchive(archive, dataDir(), { maxBytes: 384_000_000 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VoiceArchiveError);
    expect((refused as VoiceArchiveError).message).toBe(`The archive unpacks to more than ${MAX_UNPACK_RATIO} times its own size (${UNPACK_RATIO_FLOOR} bytes)`);
    // Stopped within a megabyte of the ratio's floor (a small archive), not at the cap.
    expect((refused as VoiceArchiveError).unpackedBytes).toBeLessThanOrEqual(UNPACK_RATIO_FLOOR + (1 << 20));
  });

  it('refuses a file larger than the files may come to, before writing it', async () => {
    const big = await tarBz2([{ name: `${FOLDER}/big.bin`, data: crypto.randomBytes(300_000) }]);
    const archive = path.join(dataDir(), 'big.tar.bz2');
    fs.writeFileSync(archive, big);
    const into = dataDir();
    await expect(unpackArchive(archive, into, { maxBytes: 200_000, maxUnpackedBytes: 10_000_000 })).rejects.toThrow(
      /files come to more than the 200000 bytes allowed \(".*big\.bin" alone is 300000 bytes\)/,
    );
    expect(fs.existsSync(path.join(into, FOLDER, 'big.bin'))).toBe(false);
  });

  it('says plainly that a file is not a .tar.bz2, or was cut short', async () => {
    const html = path.join(dataDir(), 'page.tar.bz2');
    fs.writeFileSync(html, '<html><body>Not found</body></html>');
    await expect(unpackArchive(html, dataDir(), { maxBytes: 1_000_000 })).rejects.toThrow('The archive is damaged or not a .tar.bz2: it does not start as bzip2 does');
    const cut = path.join(dataDir(), 'cut.tar.bz2');
    fs.writeFileSync(cut, good.subarray(0, Math.floor(good.length / 2)));
    await expect(unpackArchive(cut, dataDir(), { maxBytes: good.length * 10 })).rejects.toThrow(/The archive is damaged or not a \.tar\.bz2: .*cut short/);
  });

  it('refuses an archive of more entries than allowed', async () => {
    const many = await tarBz2(Array.from({ length: 1_001 }, (_, i) => ({ name: `${FOLDER}/empty-${i}`, data: '' })));
    const archive = path.join(dataDir(), 'many.tar.bz2');
    fs.writeFileSync(archive, many);
    await expect(unpackArchive(archive, dataDir(), { maxBytes: 1_000_000, maxEntries: 1_000 })).rejects.toThrow(/more than the 1000 entries allowed/);
  });
});

describe('what a crashed install leaves in DATA_DIR/voices', () => {
  it('is swept at start-up and before the next install, sparing installed voices, parts that can resume and installs under way', async () => {
    const dir = dataDir();
    const voices = path.join(dir, 'voices');
    const named = (id: string, suffix: string) => voice({ id, archive: `${FOLDER}-${suffix}.tar.bz2` });
    const done = voice();
    const elsewhere = named('piper-en-us-elsewhere', 'elsewhere');
    const here = named('piper-en-us-here', 'here');
    const resumable = named('piper-en-us-resumable', 'resumable');
    const store = storeFor(dir, [done, elsewhere, here, resumable]);
    await store.install(done.id);

    const leftover = (name: string) => {
      fs.mkdirSync(path.join(voices, name, 'vits-piper-half'), { recursive: true });
      fs.writeFileSync(path.join(voices, name, 'vits-piper-half', 'model.onnx'), 'half a model');
      return path.join(voices, name);
    };
    const part = (v: CatalogueVoice, meta: boolean) => {
      fs.writeFileSync(partOf(dir, v.archive), Buffer.concat([Buffer.from('BZh9'), crypto.randomBytes(1_000)]));
      if (meta) fs.writeFileSync(`${partOf(dir, v.archive)}.json`, JSON.stringify({ url: `${server.url}/${v.archive}`, etag: '"an-old-etag"' }));
      return partOf(dir, v.archive);
    };
    // A crash mid-unpack, one mid-replacement, and a part of the installed voice that nothing will resume.
    const crashed = [leftover(`.unpack-${done.id}-AbC123`), leftover(`.unpack-${done.id}-old-4242-1700000000000`), part(done, false)];
    // Another live process installs `elsewhere` now: its lock is held by a process that runs.
    fs.writeFileSync(path.join(voices, '.locks', `${elsewhere.id}.lock`), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    const othersWork = leftover(`.unpack-${elsewhere.id}-XyZ789`);
    const canResume = part(resumable, true);
    // A part of an archive no voice names any more, untouched for two hours.
    const orphan = path.join(voices, '.downloads', 'vits-piper-gone.tar.bz2.part');
    fs.writeFileSync(orphan, 'old');
    fs.utimesSync(orphan, new Date(clock - 2 * 3_600_000), new Date(clock - 2 * 3_600_000));

    // This process installs `here`, its download held open halfway.
    const hereArchive = await tarBz2(piperVoiceEntries(archiveFolderOf(here), MODEL));
    server.intercept((req, res) => {
      if (!req.url?.endsWith(here.archive)) return false;
      res.writeHead(200, { 'content-length': String(hereArchive.length) });
      res.write(hereArchive.subarray(0, 1_000));
      return true;
    });
    const stop = new AbortController();
    const installing = store.install(here.id, { signal: stop.signal });
    installing.catch(() => {});
    try {
      await vi.waitFor(() => expect(store.list().find((v) => v.voice.id === here.id)!.state).toMatchObject({ state: 'downloading', received: 1_000 }), { timeout: SAFETY_NET_MS });
      const ours = leftover(`.unpack-${here.id}-Qwe456`);

      const removed = await store.sweep();

      expect(removed.sort()).toEqual([...crashed, orphan].sort());
      for (const gone of [...crashed, orphan]) expect(fs.existsSync(gone)).toBe(false);
      for (const kept of [othersWork, ours, canResume, `${canResume}.json`, partOf(dir, here.archive)]) expect(fs.existsSync(kept)).toBe(true);
      expect(store.installed(done.id)).toMatchObject({ dir: path.join(voices, done.id) });

      // Once this process's install has stopped, what it left is swept too; its part can resume, so it stays.
      stop.abort();
      await expect(installing).rejects.toThrow();
      expect(await store.sweep()).toEqual([ours]);
      expect(fs.existsSync(partOf(dir, here.archive))).toBe(true);
    } finally {
      server.intercept(null);
    }

    // Before an install, what an earlier one of the same voice left goes.
    const before = leftover(`.unpack-${resumable.id}-Zzz111`);
    server.set(resumable.archive, await tarBz2(piperVoiceEntries(archiveFolderOf(resumable), MODEL)));
    await store.install(resumable.id);
    expect(fs.existsSync(before)).toBe(false);
    expect(fs.existsSync(othersWork)).toBe(true);
  });
});
