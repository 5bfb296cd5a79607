/**
 * What crashed installs left in the voices' folder: `.unpack-` folders, and parts that nothing can
 * resume (no validator beside them, or the voice is installed). Never a voice installed, one being
 * installed in this process, or one another live process holds the lock of.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { dropPart } from './download.ts';
import { tryInstallLock } from './install-lock.ts';
import type { VoiceFolder } from './voice-folder.ts';

/** A part of an archive no catalogue voice names is removed once untouched this long. */
const ORPHAN_PART_MS = 60 * 60_000;

/** Removes what earlier installs of the voice left; the caller holds its lock, so none runs now. */
export async function clearLeftovers(folder: VoiceFolder, log: Logger | undefined, id: string, folders: readonly string[]): Promise<string[]> {
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
  const voice = folder.catalogue.find((v) => v.id === id);
  if (voice) {
    const { part, hasPart, hasMeta } = folder.partFilesOf(voice);
    // Kept for the next attempt to resume, unless nothing can: no validator beside it, or the voice is here.
    if ((hasPart || hasMeta) && (!hasPart || !hasMeta || folder.installed(id))) await remove(part, () => dropPart(part));
  }
  return removed;
}

export async function sweepVoices(
  folder: VoiceFolder,
  options: { running: ReadonlyMap<string, unknown>; staleLockMs?: number | undefined; now: () => number; log?: Logger | undefined },
): Promise<string[]> {
  const { running, now, log } = options;
  const removed: string[] = [];
  const folders = await folder.unpackFolders();
  const ids = new Set([...folders.keys(), ...folder.catalogue.filter((v) => folder.partFilesOf(v).hasPart || folder.partFilesOf(v).hasMeta).map((v) => v.id)]);
  if (ids.size > 0) await fs.promises.mkdir(folder.locksDir, { recursive: true });
  for (const id of ids) {
    if (running.has(id)) continue; // this process installs it now
    const lock = tryInstallLock(folder.lockFileOf(id), { staleMs: options.staleLockMs });
    if (!lock) continue; // another process installs it now
    try {
      removed.push(...(await clearLeftovers(folder, log, id, folders.get(id) ?? [])));
    } finally {
      lock.release();
    }
  }
  // Parts of archives the catalogue no longer names, once nobody has written to them for a while.
  const archives = new Set(folder.catalogue.map((v) => v.archive));
  for (const name of await fs.promises.readdir(folder.downloadsDir).catch(() => [] as string[])) {
    const archive = name.replace(/\.part(?:\.json)?$/, '');
    if (archive === name || archives.has(archive)) continue;
    const file = path.join(folder.downloadsDir, name);
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
