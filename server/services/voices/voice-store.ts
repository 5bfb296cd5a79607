/**
 * The natural voices on this machine, in DATA_DIR/voices: which are installed, and installing one.
 *
 * Install = download the archive (resumable, size-capped) → check its SHA-256 (the catalogue's, else
 * the one pinned by the first download) → unpack into a temporary folder (paths outside it refused)
 * → load and speak a word in a child process → write the manifest → rename the folder into place.
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
import { downloadArchive, VoiceDownloadError } from './download.ts';
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

export type VoiceState =
  | { state: 'installed'; installed: InstalledVoice }
  | { state: 'downloading'; received: number; total: number | null }
  | { state: 'not-installed'; lastError?: string };

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
}

export interface VoiceStore {
  readonly catalogue: readonly CatalogueVoice[];
  readonly dir: string;
  /** The installed voice with this catalogue id, when its manifest and files are all there. */
  installed(id: string): InstalledVoice | null;
  /** Every catalogue voice with its state here. */
  list(): { voice: CatalogueVoice; state: VoiceState }[];
  /** Installs the voice (or waits for the install already under way); rejects with the reason it cannot. */
  install(id: string, options?: { signal?: AbortSignal }): Promise<InstalledVoice>;
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
  const progress = new Map<string, { received: number; total: number | null }>();
  const lastError = new Map<string, string>();
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

  async function installHere(voice: CatalogueVoice, signal?: AbortSignal): Promise<InstalledVoice> {
    const url = `${options.modelsUrl}/${voice.archive}`;
    const partFile = path.join(downloadsDir, `${voice.archive}.part`);
    const maxBytes = voice.approxBytes * 2;
    log?.info('downloading a voice', { voice: voice.id, url });
    let lastLogged = 0;
    await downloadArchive({
      url,
      partFile,
      maxBytes,
      signal,
      onProgress: ({ received, total }) => {
        progress.set(voice.id, { received, total });
        emit({ type: 'progress', id: voice.id, received, total });
        if (total && received - lastLogged >= total / 10) {
          lastLogged = received;
          log?.info('voice download progress', { voice: voice.id, received, total, percent: Math.round((received / total) * 100) });
        }
      },
    });
    const sha256 = await sha256Of(partFile);
    const expected = pinned(voice);
    if (expected && expected !== sha256) {
      fs.rmSync(partFile, { force: true }); // a corrupt or altered archive is fetched afresh next time
      throw new VoiceInstallError(`The archive of ${voice.id} does not match its checksum (expected ${expected}, got ${sha256})`);
    }
    const unpackDir = fs.mkdtempSync(path.join(root, `.unpack-${voice.id}-`));
    try {
      await unpackArchive(partFile, unpackDir, { maxBytes: maxBytes * 3, signal });
      const folder = path.join(unpackDir, archiveFolder(voice));
      const missing = fs.existsSync(folder) ? missingVoiceFile(voice, folder) : `${archiveFolder(voice)}/`;
      if (missing) throw new VoiceInstallError(`The archive of ${voice.id} lacks ${missing}`);
      const check = await checkVoiceLoads(sherpaTtsConfig(voice, folder), { signal });
      if (!check.ok) throw new VoiceInstallError(`${voice.id}: ${check.reason}`);
      const installedAt = new Date().toISOString();
      fs.writeFileSync(path.join(folder, MANIFEST), JSON.stringify({ id: voice.id, archive: voice.archive, sha256, installedAt, sampleRate: check.sampleRate }, null, 2));
      if (!expected) pin(voice, sha256);
      const target = path.join(root, voice.id);
      fs.rmSync(target, { recursive: true, force: true }); // a voice left half-removed
      fs.renameSync(folder, target);
      fs.rmSync(partFile, { force: true });
      return { voice, dir: target, sha256, installedAt };
    } finally {
      fs.rmSync(unpackDir, { recursive: true, force: true });
    }
  }

  /** Installs under the lock; when another process holds it, waits for that process's result. */
  async function installLocked(voice: CatalogueVoice, signal?: AbortSignal): Promise<InstalledVoice> {
    fs.mkdirSync(downloadsDir, { recursive: true });
    fs.mkdirSync(locksDir, { recursive: true });
    const lockFile = path.join(locksDir, `${voice.id}.lock`);
    for (;;) {
      signal?.throwIfAborted();
      const done = installed(voice.id);
      if (done) return done;
      const lock = tryInstallLock(lockFile, { staleMs: options.staleLockMs });
      if (lock) {
        try {
          return installed(voice.id) ?? (await installHere(voice, signal));
        } finally {
          lock.release();
        }
      }
      // Another process installs it: its lock goes when it is done (or dies, and goes stale).
      while (fs.existsSync(lockFile) && !installed(voice.id)) {
        signal?.throwIfAborted();
        await sleep(250);
      }
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
          return { voice, state: { state: 'downloading', received: fs.existsSync(part) ? fs.statSync(part).size : 0, total: null } };
        }
        const error = lastError.get(voice.id);
        return { voice, state: error ? { state: 'not-installed', lastError: error } : { state: 'not-installed' } };
      });
    },
    install(id, { signal } = {}) {
      const voice = find(id);
      const done = installed(id);
      if (done) return Promise.resolve(done);
      if (!options.downloads) return Promise.reject(new VoiceInstallError(`${id} is not installed, and VOICE_DOWNLOADS=off allows no download`));
      const already = running.get(id);
      if (already) return already;
      const run = installLocked(voice, signal)
        .then((result) => {
          lastError.delete(id);
          log?.info('voice installed', { voice: id, dir: result.dir, sha256: result.sha256 });
          emit({ type: 'installed', id, installed: result });
          return result;
        })
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          lastError.set(id, reason);
          log?.warn('voice install failed', { voice: id, reason });
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
