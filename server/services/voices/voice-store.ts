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
 * Layout: voices/<id>/ (the voice), voices/.downloads/<archive>.part (a download in progress),
 * voices/.unpack-<id>-<random>/ (an install in progress), voices/.locks/<id>.lock, voices/pins.json.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { checkVoiceLoads } from '../speech/natural-load-check.ts';
import { missingVoiceFile, sherpaTtsConfig } from '../speech/natural-model.ts';
import { archiveFolder, VOICE_CATALOGUE, type CatalogueVoice } from '../speech/voice-catalogue.ts';
import type { HostResolver } from '../fetch/resolve-target.ts';
import { downloadArchive, dropPart, VoiceDownloadError } from './download.ts';
import { tryInstallLock } from './install-lock.ts';
import { unpackArchive } from './unpack.ts';

const MANIFEST = 'pagecast-voice.json';

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

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
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

  async function installHere(voice: CatalogueVoice, signal: AbortSignal | undefined, force: boolean): Promise<InstalledVoice> {
    const url = `${options.modelsUrl}/${voice.archive}`;
    const partFile = path.join(downloadsDir, `${voice.archive}.part`);
    const maxBytes = voice.approxBytes * 2;
    if (force) dropPart(partFile);
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
    const sha256 = await sha256Of(partFile);
    // A forced install pins what comes, unless the catalogue itself names the checksum.
    const expected = force ? voice.sha256 : pinned(voice);
    if (expected && expected !== sha256) {
      dropPart(partFile); // a corrupt or altered archive is fetched afresh next time
      const remedy = voice.sha256
        ? 'the catalogue names this checksum, so the archive was altered or damaged on the way'
        : `if its publisher replaced the archive, run \`pagecast voices install ${voice.id} --force\` to download it again and pin the new checksum`;
      throw new VoiceInstallError(`The archive of ${voice.id} does not match its checksum (expected ${expected}, got ${sha256}): ${remedy}`);
    }
    const unpackDir = await fs.promises.mkdtemp(path.join(root, `.unpack-${voice.id}-`));
    try {
      const folder = path.join(unpackDir, archiveFolder(voice));
      let check: Awaited<ReturnType<typeof checkVoiceLoads>>;
      try {
        await unpackArchive(partFile, unpackDir, { maxBytes: maxBytes * 3, signal });
        const missing = fs.existsSync(folder) ? missingVoiceFile(voice, folder) : `${archiveFolder(voice)}/`;
        if (missing) throw new VoiceInstallError(`The archive of ${voice.id} lacks ${missing}`);
        progress.set(voice.id, { ...progress.get(voice.id)!, phase: 'checking' });
        check = await checkVoiceLoads(sherpaTtsConfig(voice, folder), { signal });
        if (!check.ok) throw new VoiceInstallError(`${voice.id}: ${check.reason}`);
      } catch (error) {
        // An archive that does not unpack or load is never resumed: the next attempt starts at byte zero.
        if (!signal?.aborted) dropPart(partFile);
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
      void fs.promises.rm(old, { recursive: true, force: true });
      dropPart(partFile);
      return { voice, dir: target, sha256, installedAt };
    } finally {
      await fs.promises.rm(unpackDir, { recursive: true, force: true });
    }
  }

  /** Installs under the lock; when another process holds it, waits for that process's result. */
  async function installLocked(voice: CatalogueVoice, signal: AbortSignal | undefined, force: boolean): Promise<InstalledVoice> {
    fs.mkdirSync(downloadsDir, { recursive: true });
    fs.mkdirSync(locksDir, { recursive: true });
    const lockFile = path.join(locksDir, `${voice.id}.lock`);
    for (;;) {
      signal?.throwIfAborted();
      const done = force ? null : installed(voice.id);
      if (done) return done;
      const lock = tryInstallLock(lockFile, { staleMs: options.staleLockMs });
      if (lock) {
        try {
          return (force ? null : installed(voice.id)) ?? (await installHere(voice, signal, force));
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
