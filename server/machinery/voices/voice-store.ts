/**
 * The natural voices on this machine, in DATA_DIR/voices: which are installed, and installing one.
 *
 * Install = download the archive (resumable, size-capped, download.ts) → check its SHA-256 (the
 * catalogue's, else the one pinned by the first download) → unpack into a temporary folder in a worker
 * thread (unpack.ts) → load and speak a word in a child process → write the manifest → rename the
 * folder into place. An archive that fails to verify, unpack or load is dropped, so the next attempt
 * downloads it from byte zero. A failed attempt is logged once, and the next one waits (1 min, 5 min,
 * 30 min, then hourly): a server offline tries again now and then, not on every request. The failure
 * is also written to voices/failed.json, so `pagecast voices` and a restarted server show it as failed
 * (with its reason) until an attempt succeeds; the wait itself is this process's.
 * `install(id, { force: true })` downloads again and pins the new checksum (after upstream replaced
 * the archive: `pagecast voices install ID --force`).
 * A voice is installed exactly when `voices/<id>/pagecast-voice.json` exists, so a crash at any step
 * leaves either nothing or the whole voice. A lock file keeps two processes sharing DATA_DIR from
 * installing the same voice at once; the second waits for the first's result.
 *
 * Layout: voices/<id>/ (the voice), voices/.downloads/<archive>.part (a download in progress, with
 * `.part.json`: the validator to resume it with), voices/.unpack-<id>-<random>/ (an install in
 * progress), voices/.unpack-<id>-old-<pid>-<time>/ (a replaced voice being removed),
 * voices/.locks/<id>.lock, voices/pins.json, voices/failed.json.
 *
 * What a crash leaves is swept (`sweep()`, at start-up, and for one voice before each install of it):
 * its `.unpack-` folders, and its parts that nothing can resume (no validator beside them, or the voice
 * is installed); a part that can be resumed stays for the next attempt. A voice another process is
 * installing (its lock is alive) or this process is installing is left alone.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { Logger } from '../../lib/logger.ts';
import { VoiceDownloadError } from './download.ts';
import { installLocked, type InstallSettings } from './install-voice.ts';
import { VOICE_CATALOGUE, type CatalogueVoice } from './voice-catalogue.ts';
import { voiceFolder, VoiceInstallError, type InstalledVoice, type InstallPhase, type RecordedFailure, type VoiceEvent } from './voice-folder.ts';
import { sweepVoices } from './voice-sweep.ts';

export { VoiceInstallError, type InstalledVoice, type InstallPhase, type VoiceEvent };

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

export interface VoiceStoreOptions extends InstallSettings {
  dataDir: string;
  /** VOICE_DOWNLOADS: false means never a request. */
  downloads: boolean;
  logger?: Logger;
  catalogue?: readonly CatalogueVoice[];
  /** The clock the back-off reads (tests move it). */
  now?: () => number;
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

export function createVoiceStore(options: VoiceStoreOptions): VoiceStore {
  const catalogue = options.catalogue ?? VOICE_CATALOGUE;
  const folder = voiceFolder(options.dataDir, catalogue);
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
  /** The record in failed.json; a folder that cannot be written only loses what other processes would show. */
  const recordFailure = (id: string, failure: RecordedFailure | null) => {
    try {
      folder.recordFailure(id, failure);
    } catch (error) {
      log?.warn('voice failure not recorded', { voice: id, reason: (error as Error).message });
    }
  };

  return {
    catalogue,
    dir: folder.root,
    installed: folder.installed,
    sweep: () => sweepVoices(folder, { running, staleLockMs: options.staleLockMs, now, log }),
    list() {
      let recorded: Record<string, RecordedFailure> | undefined;
      return catalogue.map((voice) => {
        const done = folder.installed(voice.id);
        if (done) return { voice, state: { state: 'installed', installed: done } };
        const current = progress.get(voice.id);
        const lockFile = folder.lockFileOf(voice.id);
        if (current) return { voice, state: { state: 'downloading', ...current } };
        if (fs.existsSync(lockFile)) {
          const part = folder.partFileOf(voice);
          return { voice, state: { state: 'downloading', received: fs.existsSync(part) ? fs.statSync(part).size : 0, total: null, phase: 'downloading' } };
        }
        if (!options.downloads) return { voice, state: { state: 'off' } };
        const failed = failures.get(voice.id);
        if (failed) return { voice, state: { state: 'failed', reason: failed.reason, nextTry: new Date(failed.nextTry) } };
        // One another process (or this one before a restart) recorded.
        recorded ??= folder.failures();
        const other = recorded[voice.id];
        if (other) return { voice, state: { state: 'failed', reason: other.reason, nextTry: new Date(other.nextTry) } };
        return { voice, state: { state: 'not-installed' } };
      });
    },
    install(id, { signal, force = false, ignoreBackoff = false } = {}) {
      const voice = find(id);
      const done = force ? null : folder.installed(id);
      if (done) return Promise.resolve(done);
      if (!options.downloads) return Promise.reject(new VoiceInstallError(`${id} is not installed, and VOICE_DOWNLOADS=off allows no download`));
      const already = running.get(id);
      if (already) return already;
      const failed = failures.get(id);
      if (failed && !force && !ignoreBackoff && now() < failed.nextTry) {
        return Promise.reject(new VoiceInstallError(`${failed.reason} (next try after ${new Date(failed.nextTry).toISOString()})`));
      }
      const run = installLocked({ folder, options, progress, emit, log }, voice, signal, force)
        .then((result) => {
          failures.delete(id);
          recordFailure(id, null);
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
            recordFailure(id, { reason, nextTry: new Date(nextTry).toISOString() });
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
