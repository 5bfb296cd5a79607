/**
 * The natural voices on this machine, in DATA_DIR/voices: which are installed, and installing one.
 *
 * Install = download the archive (resumable, size-capped, download.ts) → check its SHA-256 (the
 * catalogue's, else the one pinned by the first download) → unpack into a temporary folder in a worker
 * thread (unpack.ts) → load and speak a word in a child process → write the manifest → rename the
 * folder into place. An archive that fails to verify, unpack or load is dropped, so the next attempt
 * downloads it from byte zero. A failed attempt is logged once, and the next one waits (1 min, 5 min,
 * 30 min, then hourly): a server offline tries again now and then, not on every request.
 * `install(id, { force: true })` downloads again and pins the new checksum (after upstream replaced
 * the archive: `pagecast voices install ID --force`).
 * A voice is installed exactly when `voices/<id>/pagecast-voice.json` exists, so a crash at any step
 * leaves either nothing or the whole voice. A lock file keeps two processes sharing DATA_DIR from
 * installing the same voice at once; the second waits for the first's result.
 *
 * Layout: voices/<id>/ (the voice), voices/.downloads/<archive>.part (a download in progress, with
 * `.part.json`: the validator to resume it with), voices/.unpack-<id>-<random>/ (an install in
 * progress), voices/.unpack-<id>-old-<pid>-<time>/ (a replaced voice being removed),
 * voices/.locks/<id>.lock, voices/pins.json.
 *
 * What a crash leaves is swept (`sweep()`, at start-up, and for one voice before each install of it):
 * its `.unpack-` folders, and its parts that nothing can resume (no validator beside them, or the voice
 * is installed); a part that can be resumed stays for the next attempt. A voice another process is
 * installing (its lock is alive) or this process is installing is left alone.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { checkVoiceLoads } from './natural-load-check.ts';
import { missingVoiceFile, sherpaTtsConfig } from './natural-model.ts';
import { archiveFolder, VOICE_CATALOGUE, type CatalogueVoice } from './voice-catalogue.ts';
import type { HostResolver } from '../fetch/resolve-target.ts';
import { downloadArchive, dropPart, VoiceDownloadError } from './download.ts';
import { tryInstallLock } from './install-lock.ts';
import { archiveSha256, unpackArchive, VoiceArchiveError } from './unpack.ts';

const MANIFEST = 'pagecast-voice.json';
/** Every voice archive is a .tar.bz2: bzip2's magic number, `BZh`. */
const BZIP2_SIGNATURE = Buffer.from('BZh');

export class VoiceInstallError extends Error {
  override readonly name = 'VoiceInstallError';
}

export interface InstalledVoice {
  voice: CatalogueVoice;
  dir: string;
  sha256: string;
  installedAt: string;
}

/** Where an install under way is: fetching bytes, then unpacking and trying the model. */
export type InstallPhase = 'downloading' | 'unpacking' | 'checking';

export type VoiceState =
  | { state: 'installed'; installed: InstalledVoice }
  | { state: 'downloading'; received: number; total: number | null; phase: InstallPhase }
  /** The last attempt failed: why, and when the next may start (on request, not by itself). */
  | { state: 'failed'; reason: string; nextTry: Date }
  /** Not here, and VOICE_DOWNLOADS=off allows no download. */
  | { state: 'off' }
  | { state: 'not-installed' };

/** An install's work folder: `.unpack-<id>-` then mkdtemp's six letters, or `old-<pid>-<time>`. */
const UNPACK_FOLDER = /^\.unpack-(.+)-(?:old-\d+-\d+|[A-Za-z0-9]{6})$/;
/** A part of an archive no catalogue voice names is removed once untouched this long. */
const ORPHAN_PART_MS = 60 * 60_000;

/** How long after the n-th failed attempt in a row the next may start: 1 min, 5 min, 30 min, then hourly. */
export const INSTALL_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000] as const;
export const installBackoff = (failures: number) => INSTALL_BACKOFF_MS[Math.min(failures, INSTALL_BACKOFF_MS.length) - 1] ?? 0;

export type VoiceEvent =
  | { type: 'progress'; id: string; received: number; total: number | null }
  | { type: 'installed'; id: string; installed: InstalledVoice }
  | { type: 'failed'; id: string; reason: string };

export interface VoiceStoreOptions {
  dataDir: string;
  /** Base address of the archives (VOICE_MODELS_URL). */
  modelsUrl: string;
  /** VOICE_DOWNLOADS: false means never a request. */
  downloads: boolean;
  logger?: Logger;
  catalogue?: readonly CatalogueVoice[];
  /** How long another process's install lock stays respected without a sign of life. */
  staleLockMs?: number;
  /** FETCH_ALLOW_HOSTS: hosts a redirect may reach although the address rules refuse them. */
  allowHosts?: readonly string[];
  resolver?: HostResolver;
  /** The clock the back-off reads (tests move it). */
  now?: () => number;
  /** Download limits (download.ts's defaults otherwise). */
  idleTimeoutMs?: number;
  deadlineMs?: number;
  /** How long the unpacking may take (unpack.ts's default otherwise). */
  unpackTimeoutMs?: number;
}

export interface InstallOptions {
  signal?: AbortSignal;
  /** Download again even when installed or pinned, and pin what comes (the archive was replaced upstream). */
  force?: boolean;
  /** Start now even when the last attempt's back-off has not passed (an administrator's explicit install). */
  ignoreBackoff?: boolean;
}

export interface VoiceStore {
  readonly catalogue: readonly CatalogueVoice[];
  readonly dir: string;
  /** The installed voice with this catalogue id, when its manifest and files are all there. */
  installed(id: string): InstalledVoice | null;
  /** Every catalogue voice with its state here. */
  list(): { voice: CatalogueVoice; state: VoiceState }[];
  /**
   * Installs the voice (or waits for the install already under way); rejects with the reason it
   * cannot, at once while the last failure's back-off lasts.
   */
  install(id: string, options?: InstallOptions): Promise<InstalledVoice>;
  /**
   * Removes what crashed installs left (see the header); answers the paths removed. Never touches an
   * installed voice, an install under way in this process, or one another live process holds the lock of.
   */
  sweep(): Promise<string[]>;
  /** Hears progress, installs and failures; returns the way to stop hearing them. */
  subscribe(listener: (event: VoiceEvent) => void): () => void;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

export function createVoiceStore(options: VoiceStoreOptions): VoiceStore {
  const catalogue = options.catalogue ?? VOICE_CATALOGUE;
  const root = path.join(options.dataDir, 'voices');
  const downloadsDir = path.join(root, '.downloads');
  const locksDir = path.join(root, '.locks');
  const pinsFile = path.join(root, 'pins.json');
  const events = new EventEmitter();
  const running = new Map<string, Promise<InstalledVoice>>();
  const progress = new Map<string, { received: number; total: number | null; phase: InstallPhase }>();
  /** Failed attempts in a row, the last reason and when the next may start, by voice. */
  const failures = new Map<string, { count: number; reason: string; nextTry: number }>();
  const now = options.now ?? Date.now;
  const log = options.logger?.child({ component: 'voices' });

  const find = (id: string) => {
    const voice = catalogue.find((v) => v.id === id);
    if (!voice) throw new VoiceInstallError(`No voice "${id}" in the catalogue`);
    return voice;
  };
  const emit = (event: VoiceEvent) => events.emit('event', event);

  function installed(id: string): InstalledVoice | null {
    const voice = catalogue.find((v) => v.id === id);
    if (!voice) return null;
    const dir = path.join(root, id);
    const manifest = readJson<{ sha256: string; installedAt: string }>(path.join(dir, MANIFEST));
    if (!manifest || missingVoiceFile(voice, dir)) return null;
    return { voice, dir, sha256: manifest.sha256, installedAt: manifest.installedAt };
  }

  /** The archive's expected SHA-256: the catalogue's, else the one the first download pinned here. */
  const pinned = (voice: CatalogueVoice) => voice.sha256 ?? readJson<Record<string, string>>(pinsFile)?.[voice.archive] ?? null;
  const pin = (voice: CatalogueVoice, sha256: string) => {
    const pins = readJson<Record<string, string>>(pinsFile) ?? {};
    pins[voice.archive] = sha256;
    fs.writeFileSync(`${pinsFile}.tmp`, JSON.stringify(pins, null, 2));
    fs.renameSync(`${pinsFile}.tmp`, pinsFile);
  };

  const lockFileOf = (id: string) => path.join(locksDir, `${id}.lock`);

  /** The `.unpack-` folders in voices/, by the voice id their names carry. */
  async function unpackFolders(): Promise<Map<string, string[]>> {
    const byId = new Map<string, string[]>();
    const names = await fs.promises.readdir(root).catch(() => [] as string[]);
    for (const name of names) {
      const id = UNPACK_FOLDER.exec(name)?.[1];
      if (id) byId.set(id, [...(byId.get(id) ?? []), path.join(root, name)]);
    }
    return byId;
  }

  /** A part and its validator file, when either is there. */
  const partFilesOf = (voice: CatalogueVoice) => {
    const part = path.join(downloadsDir, `${voice.archive}.part`);
    return { part, hasPart: fs.existsSync(part), hasMeta: fs.existsSync(`${part}.json`) };
  };

  /** Removes what earlier installs of the voice left; the caller holds its lock, so none runs now. */
  async function clearLeftovers(id: string, folders: readonly string[]): Promise<string[]> {
    const removed: string[] = [];
    const remove = async (file: string, how: () => Promise<void>) => {
      try {
        await how();
        removed.push(file);
      } catch (error) {
        log?.warn('could not remove what an unfinished voice install left', { file, error: String(error) });
      }
    };
    for (const folder of folders) await remove(folder, () => fs.promises.rm(folder, { recursive: true, force: true }));
    const voice = catalogue.find((v) => v.id === id);
    if (voice) {
      const { part, hasPart, hasMeta } = partFilesOf(voice);
      // Kept for the next attempt to resume, unless nothing can: no validator beside it, or the voice is here.
      if ((hasPart || hasMeta) && (!hasPart || !hasMeta || installed(id))) await remove(part, () => dropPart(part));
    }
    return removed;
  }

  async function sweep(): Promise<string[]> {
    const removed: string[] = [];
    const folders = await unpackFolders();
    const ids = new Set([...folders.keys(), ...catalogue.filter((v) => partFilesOf(v).hasPart || partFilesOf(v).hasMeta).map((v) => v.id)]);
    if (ids.size > 0) await fs.promises.mkdir(locksDir, { recursive: true });
    for (const id of ids) {
      if (running.has(id)) continue; // this process installs it now
      const lock = tryInstallLock(lockFileOf(id), { staleMs: options.staleLockMs });
      if (!lock) continue; // another process installs it now
      try {
        removed.push(...(await clearLeftovers(id, folders.get(id) ?? [])));
      } finally {
        lock.release();
      }
    }
    // Parts of archives the catalogue no longer names, once nobody has written to them for a while.
    const archives = new Set(catalogue.map((v) => v.archive));
    for (const name of await fs.promises.readdir(downloadsDir).catch(() => [] as string[])) {
      const archive = name.replace(/\.part(?:\.json)?$/, '');
      if (archive === name || archives.has(archive)) continue;
      const file = path.join(downloadsDir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && now() - stat.mtimeMs > ORPHAN_PART_MS) {
        await fs.promises.rm(file, { force: true }).then(
          () => removed.push(file),
          () => {},
        );
      }
    }
    if (removed.length > 0) log?.info('removed what unfinished voice installs left', { removed });
    return removed;
  }

  async function installHere(voice: CatalogueVoice, signal: AbortSignal | undefined, force: boolean): Promise<InstalledVoice> {
    const url = `${options.modelsUrl}/${voice.archive}`;
    const partFile = path.join(downloadsDir, `${voice.archive}.part`);
    const maxBytes = voice.approxBytes * 2;
    if (force) await dropPart(partFile);
    log?.info('downloading a voice', { voice: voice.id, url });
    let lastLogged = 0;
    await downloadArchive({
      url,
      partFile,
      maxBytes,
      signal,
      allowHosts: options.allowHosts,
      resolver: options.resolver,
      idleTimeoutMs: options.idleTimeoutMs,
      deadlineMs: options.deadlineMs,
      signature: BZIP2_SIGNATURE,
      onProgress: ({ received, total }) => {
        progress.set(voice.id, { received, total, phase: 'downloading' });
        emit({ type: 'progress', id: voice.id, received, total });
        if (total && received - lastLogged >= total / 10) {
          lastLogged = received;
          log?.info('voice download progress', { voice: voice.id, received, total, percent: Math.round((received / total) * 100) });
        }
      },
    });
    const current = progress.get(voice.id);
    progress.set(voice.id, { received: current?.received ?? 0, total: current?.total ?? null, phase: 'unpacking' });
    const sha256 = await archiveSha256(partFile, { signal });
    // A forced install pins what comes, unless the catalogue itself names the checksum.
    const expected = force ? voice.sha256 : pinned(voice);
    if (expected && expected !== sha256) {
      await dropPart(partFile); // a corrupt or altered archive is fetched afresh next time
      const remedy = voice.sha256
        ? 'the catalogue names this checksum, so the archive was altered or damaged on the way'
        : `if its publisher replaced the archive, run \`pagecast voices install ${voice.id} --force\` to download it again and pin the new checksum`;
      throw new VoiceInstallError(`The archive of ${voice.id} does not match its checksum (expected ${expected}, got ${sha256}): ${remedy}`);
    }
    const unpackDir = await fs.promises.mkdtemp(path.join(root, `.unpack-${voice.id}-`));
    try {
      const folder = path.join(unpackDir, archiveFolder(voice));
      let check: Awaited<ReturnType<typeof checkVoiceLoads>>;
      /** A step that ran out of time on a busy machine says nothing against the archive. */
      let outOfTime = false;
      try {
        await unpackArchive(partFile, unpackDir, { maxBytes: maxBytes * 3, signal, timeoutMs: options.unpackTimeoutMs });
        const missing = fs.existsSync(folder) ? missingVoiceFile(voice, folder) : `${archiveFolder(voice)}/`;
        if (missing) throw new VoiceInstallError(`The archive of ${voice.id} lacks ${missing}`);
        progress.set(voice.id, { ...progress.get(voice.id)!, phase: 'checking' });
        check = await checkVoiceLoads(sherpaTtsConfig(voice, folder), { signal });
        outOfTime = !check.ok && check.how === 'timeout';
        if (!check.ok) throw new VoiceInstallError(`${voice.id}: ${check.reason}`);
      } catch (error) {
        // An archive that does not unpack or load is never resumed: the next attempt starts at byte zero.
        // One that only ran out of time is kept whole, and the next attempt unpacks it again.
        if (error instanceof VoiceArchiveError && error.timedOut) outOfTime = true;
        if (!signal?.aborted && !outOfTime) await dropPart(partFile);
        throw error;
      }
      const installedAt = new Date().toISOString();
      await fs.promises.writeFile(path.join(folder, MANIFEST), JSON.stringify({ id: voice.id, archive: voice.archive, sha256, installedAt, sampleRate: check.sampleRate }, null, 2));
      if (expected !== sha256) pin(voice, sha256);
      const target = path.join(root, voice.id);
      // The voice it replaces (or one left half-removed) is moved aside first, then removed in the background.
      const old = path.join(root, `.unpack-${voice.id}-old-${process.pid}-${Date.now()}`);
      await fs.promises.rename(target, old).catch(() => {});
      await fs.promises.rename(folder, target);
      void fs.promises.rm(old, { recursive: true, force: true }).catch((error: unknown) => log?.warn('could not remove a replaced voice', { dir: old, error: String(error) }));
      await dropPart(partFile);
      return { voice, dir: target, sha256, installedAt };
    } finally {
      await fs.promises.rm(unpackDir, { recursive: true, force: true });
    }
  }

  /** Installs under the lock; when another process holds it, waits for that process's result. */
  async function installLocked(voice: CatalogueVoice, signal: AbortSignal | undefined, force: boolean): Promise<InstalledVoice> {
    fs.mkdirSync(downloadsDir, { recursive: true });
    fs.mkdirSync(locksDir, { recursive: true });
    const lockFile = lockFileOf(voice.id);
    for (;;) {
      signal?.throwIfAborted();
      const done = force ? null : installed(voice.id);
      if (done) return done;
      const lock = tryInstallLock(lockFile, { staleMs: options.staleLockMs });
      if (lock) {
        try {
          const already = force ? null : installed(voice.id);
          if (already) return already;
          // What a crashed install of this voice left goes first.
          await clearLeftovers(voice.id, (await unpackFolders()).get(voice.id) ?? []);
          return await installHere(voice, signal, force);
        } finally {
          lock.release();
        }
      }
      // Another process installs it: its lock goes when it is done (or dies, and goes stale).
      while (fs.existsSync(lockFile) && !installed(voice.id)) {
        signal?.throwIfAborted();
        await sleep(250);
      }
      // The other process installed it: a forced install wanted a fresh download, which that was.
      force = false;
    }
  }

  return {
    catalogue,
    dir: root,
    installed,
    sweep,
    list() {
      return catalogue.map((voice) => {
        const done = installed(voice.id);
        if (done) return { voice, state: { state: 'installed', installed: done } };
        const current = progress.get(voice.id);
        const lockFile = path.join(locksDir, `${voice.id}.lock`);
        if (current) return { voice, state: { state: 'downloading', ...current } };
        if (fs.existsSync(lockFile)) {
          const part = path.join(downloadsDir, `${voice.archive}.part`);
          return { voice, state: { state: 'downloading', received: fs.existsSync(part) ? fs.statSync(part).size : 0, total: null, phase: 'downloading' } };
        }
        if (!options.downloads) return { voice, state: { state: 'off' } };
        const failed = failures.get(voice.id);
        if (failed) return { voice, state: { state: 'failed', reason: failed.reason, nextTry: new Date(failed.nextTry) } };
        return { voice, state: { state: 'not-installed' } };
      });
    },
    install(id, { signal, force = false, ignoreBackoff = false } = {}) {
      const voice = find(id);
      const done = force ? null : installed(id);
      if (done) return Promise.resolve(done);
      if (!options.downloads) return Promise.reject(new VoiceInstallError(`${id} is not installed, and VOICE_DOWNLOADS=off allows no download`));
      const already = running.get(id);
      if (already) return already;
      const failed = failures.get(id);
      if (failed && !force && !ignoreBackoff && now() < failed.nextTry) {
        return Promise.reject(new VoiceInstallError(`${failed.reason} (next try after ${new Date(failed.nextTry).toISOString()})`));
      }
      const run = installLocked(voice, signal, force)
        .then((result) => {
          failures.delete(id);
          log?.info('voice installed', { voice: id, dir: result.dir, sha256: result.sha256 });
          emit({ type: 'installed', id, installed: result });
          return result;
        })
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          if (!signal?.aborted) {
            const count = (failures.get(id)?.count ?? 0) + 1;
            const nextTry = now() + installBackoff(count);
            failures.set(id, { count, reason, nextTry });
            log?.warn('voice install failed', { voice: id, reason, attempt: count, nextTry: new Date(nextTry).toISOString() });
          }
          emit({ type: 'failed', id, reason });
          throw error instanceof VoiceInstallError || error instanceof VoiceDownloadError ? error : new VoiceInstallError(reason, { cause: error });
        })
        .finally(() => {
          running.delete(id);
          progress.delete(id);
        });
      running.set(id, run);
      return run;
    },
    subscribe(listener) {
      events.on('event', listener);
      return () => events.off('event', listener);
    },
  };
}
