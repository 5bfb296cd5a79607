/**
 * One voice's install: download the archive (download.ts) → check its SHA-256 (the catalogue's,
 * else the one pinned by the first download) → unpack into a temporary folder (unpack.ts) → load and
 * speak a word in a child process → write the manifest → rename the folder into place; under a lock
 * between processes, waiting for another process's install of the same voice.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { downloadArchive, dropPart } from './download.ts';
import { tryInstallLock } from './install-lock.ts';
import { checkVoiceLoads } from './natural-load-check.ts';
import { missingVoiceFile, sherpaTtsConfig } from './natural-model.ts';
import { archiveSha256, unpackArchive, VoiceArchiveError } from './unpack.ts';
import { archiveFolder, type CatalogueVoice } from './voice-catalogue.ts';
import { MANIFEST, VoiceInstallError, type InstalledVoice, type InstallPhase, type VoiceEvent, type VoiceFolder } from './voice-folder.ts';
import { clearLeftovers } from './voice-sweep.ts';
import type { HostResolver } from '../fetch/resolve-target.ts';

/** Every voice archive is a .tar.bz2: bzip2's magic number, `BZh`. */
const BZIP2_SIGNATURE = Buffer.from('BZh');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** Where archives come from and the limits an install keeps (the store's options). */
export interface InstallSettings {
  /** Base address of the archives (VOICE_MODELS_URL). */
  modelsUrl: string;
  /** How long another process's install lock stays respected without a sign of life. */
  staleLockMs?: number;
  /** FETCH_ALLOW_HOSTS: hosts a redirect may reach although the address rules refuse them. */
  allowHosts?: readonly string[];
  resolver?: HostResolver;
  /** Download limits (download.ts's defaults otherwise). */
  idleTimeoutMs?: number;
  deadlineMs?: number;
  /** How long the unpacking may take (unpack.ts's default otherwise). */
  unpackTimeoutMs?: number;
}

/** What an install reports to its store: progress by voice, events, the log. */
export interface InstallRun {
  folder: VoiceFolder;
  options: InstallSettings;
  progress: Map<string, { received: number; total: number | null; phase: InstallPhase }>;
  emit(event: VoiceEvent): void;
  log?: Logger | undefined;
}

async function installHere(run: InstallRun, voice: CatalogueVoice, signal: AbortSignal | undefined, force: boolean): Promise<InstalledVoice> {
  const { folder } = run;
  const url = `${run.options.modelsUrl}/${voice.archive}`;
  const partFile = folder.partFileOf(voice);
  const maxBytes = voice.approxBytes * 2;
  if (force) await dropPart(partFile);
  run.log?.info('downloading a voice', { voice: voice.id, url });
  let lastLogged = 0;
  await downloadArchive({
    url,
    partFile,
    maxBytes,
    signal,
    allowHosts: run.options.allowHosts,
    resolver: run.options.resolver,
    idleTimeoutMs: run.options.idleTimeoutMs,
    deadlineMs: run.options.deadlineMs,
    signature: BZIP2_SIGNATURE,
    onProgress: ({ received, total }) => {
      run.progress.set(voice.id, { received, total, phase: 'downloading' });
      run.emit({ type: 'progress', id: voice.id, received, total });
      if (total && received - lastLogged >= total / 10) {
        lastLogged = received;
        run.log?.info('voice download progress', { voice: voice.id, received, total, percent: Math.round((received / total) * 100) });
      }
    },
  });
  const current = run.progress.get(voice.id);
  run.progress.set(voice.id, { received: current?.received ?? 0, total: current?.total ?? null, phase: 'unpacking' });
  const sha256 = await archiveSha256(partFile, { signal });
  // A forced install pins what comes, unless the catalogue itself names the checksum.
  const expected = force ? voice.sha256 : folder.pinned(voice);
  if (expected && expected !== sha256) {
    await dropPart(partFile); // a corrupt or altered archive is fetched afresh next time
    const remedy = voice.sha256
      ? 'the catalogue names this checksum, so the archive was altered or damaged on the way'
      : `if its publisher replaced the archive, run \`pagecast voices install ${voice.id} --force\` to download it again and pin the new checksum`;
    throw new VoiceInstallError(`The archive of ${voice.id} does not match its checksum (expected ${expected}, got ${sha256}): ${remedy}`);
  }
  const unpackDir = await fs.promises.mkdtemp(path.join(folder.root, `.unpack-${voice.id}-`));
  try {
    const unpacked = path.join(unpackDir, archiveFolder(voice));
    let check: Awaited<ReturnType<typeof checkVoiceLoads>>;
    /** A step that ran out of time on a busy machine says nothing against the archive. */
    let outOfTime = false;
    try {
      await unpackArchive(partFile, unpackDir, { maxBytes: maxBytes * 3, signal, timeoutMs: run.options.unpackTimeoutMs });
      const missing = fs.existsSync(unpacked) ? missingVoiceFile(voice, unpacked) : `${archiveFolder(voice)}/`;
      if (missing) throw new VoiceInstallError(`The archive of ${voice.id} lacks ${missing}`);
      run.progress.set(voice.id, { ...run.progress.get(voice.id)!, phase: 'checking' });
      check = await checkVoiceLoads(sherpaTtsConfig(voice, unpacked), { signal });
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
    await fs.promises.writeFile(path.join(unpacked, MANIFEST), JSON.stringify({ id: voice.id, archive: voice.archive, sha256, installedAt, sampleRate: check.sampleRate }, null, 2));
    if (expected !== sha256) folder.pin(voice, sha256);
    const target = path.join(folder.root, voice.id);
    // The voice it replaces (or one left half-removed) is moved aside first, then removed in the background.
    const old = path.join(folder.root, `.unpack-${voice.id}-old-${process.pid}-${Date.now()}`);
    await fs.promises.rename(target, old).catch(() => {});
    await fs.promises.rename(unpacked, target);
    void fs.promises.rm(old, { recursive: true, force: true }).catch((error: unknown) => run.log?.warn('could not remove a replaced voice', { dir: old, error: String(error) }));
    await dropPart(partFile);
    return { voice, dir: target, sha256, installedAt };
  } finally {
    await fs.promises.rm(unpackDir, { recursive: true, force: true });
  }
}

/** Installs under the lock; when another process holds it, waits for that process's result. */
export async function installLocked(run: InstallRun, voice: CatalogueVoice, signal: AbortSignal | undefined, force: boolean): Promise<InstalledVoice> {
  const { folder } = run;
  fs.mkdirSync(folder.downloadsDir, { recursive: true });
  fs.mkdirSync(folder.locksDir, { recursive: true });
  const lockFile = folder.lockFileOf(voice.id);
  for (;;) {
    signal?.throwIfAborted();
    const done = force ? null : folder.installed(voice.id);
    if (done) return done;
    const lock = tryInstallLock(lockFile, { staleMs: run.options.staleLockMs });
    if (lock) {
      try {
        const already = force ? null : folder.installed(voice.id);
        if (already) return already;
        // What a crashed install of this voice left goes first.
        await clearLeftovers(folder, run.log, voice.id, (await folder.unpackFolders()).get(voice.id) ?? []);
        return await installHere(run, voice, signal, force);
      } finally {
        lock.release();
      }
    }
    // Another process installs it: its lock goes when it is done (or dies, and goes stale).
    while (fs.existsSync(lockFile) && !folder.installed(voice.id)) {
      signal?.throwIfAborted();
      await sleep(250);
    }
    // The other process installed it: a forced install wanted a fresh download, which that was.
    force = false;
  }
}
