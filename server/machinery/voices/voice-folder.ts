/**
 * The voices' folder, DATA_DIR/voices: where each voice, download part, lock and pin lives, and
 * which voices are installed (a voice is installed exactly when its manifest and files are there);
 * failed.json keeps each voice's last failed install, so every process (the CLI too) can say so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { missingVoiceFile } from './natural-model.ts';
import type { CatalogueVoice } from './voice-catalogue.ts';

export const MANIFEST = 'pagecast-voice.json';

export class VoiceInstallError extends Error {
  override readonly name = 'VoiceInstallError';
}

export interface InstalledVoice {
  voice: CatalogueVoice;
  dir: string;
  sha256: string;
  installedAt: string;
}

/** A failed install as written to failed.json: why, and when the failing process would try again. */
export interface RecordedFailure {
  reason: string;
  nextTry: string;
}

/** Where an install under way is: fetching bytes, then unpacking and trying the model. */
export type InstallPhase = 'downloading' | 'unpacking' | 'checking';

export type VoiceEvent =
  | { type: 'progress'; id: string; received: number; total: number | null }
  | { type: 'installed'; id: string; installed: InstalledVoice }
  | { type: 'failed'; id: string; reason: string };

/** An install's work folder: `.unpack-<id>-` then mkdtemp's six letters, or `old-<pid>-<time>`. */
const UNPACK_FOLDER = /^\.unpack-(.+)-(?:old-\d+-\d+|[A-Za-z0-9]{6})$/;

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export type VoiceFolder = ReturnType<typeof voiceFolder>;

export function voiceFolder(dataDir: string, catalogue: readonly CatalogueVoice[]) {
  const root = path.join(dataDir, 'voices');
  const downloadsDir = path.join(root, '.downloads');
  const locksDir = path.join(root, '.locks');
  const pinsFile = path.join(root, 'pins.json');
  const failedFile = path.join(root, 'failed.json');
  const writeJson = (file: string, value: unknown) => {
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(value, null, 2));
    fs.renameSync(`${file}.${process.pid}.tmp`, file);
  };
  return {
    catalogue,
    root,
    downloadsDir,
    locksDir,
    /** The installed voice with this catalogue id, when its manifest and files are all there. */
    installed(id: string): InstalledVoice | null {
      const voice = catalogue.find((v) => v.id === id);
      if (!voice) return null;
      const dir = path.join(root, id);
      const manifest = readJson<{ sha256: string; installedAt: string }>(path.join(dir, MANIFEST));
      if (!manifest || missingVoiceFile(voice, dir)) return null;
      return { voice, dir, sha256: manifest.sha256, installedAt: manifest.installedAt };
    },
    /** The archive's expected SHA-256: the catalogue's, else the one the first download pinned here. */
    pinned: (voice: CatalogueVoice) => voice.sha256 ?? readJson<Record<string, string>>(pinsFile)?.[voice.archive] ?? null,
    pin(voice: CatalogueVoice, sha256: string) {
      const pins = readJson<Record<string, string>>(pinsFile) ?? {};
      pins[voice.archive] = sha256;
      writeJson(pinsFile, pins);
    },
    /** Each voice's last failed install, as any process sharing this folder recorded it (failed.json). */
    failures: (): Record<string, RecordedFailure> => readJson<Record<string, RecordedFailure>>(failedFile) ?? {},
    /** Records a voice's failed install, or (null) forgets it once one succeeds. */
    recordFailure(id: string, failure: RecordedFailure | null) {
      const failures = readJson<Record<string, RecordedFailure>>(failedFile) ?? {};
      if (failure) failures[id] = failure;
      else if (id in failures) delete failures[id];
      else return;
      writeJson(failedFile, failures);
    },
    lockFileOf: (id: string) => path.join(locksDir, `${id}.lock`),
    partFileOf: (voice: CatalogueVoice) => path.join(downloadsDir, `${voice.archive}.part`),
    /** A part and its validator file, when either is there. */
    partFilesOf(voice: CatalogueVoice) {
      const part = path.join(downloadsDir, `${voice.archive}.part`);
      return { part, hasPart: fs.existsSync(part), hasMeta: fs.existsSync(`${part}.json`) };
    },
    /** The `.unpack-` folders in voices/, by the voice id their names carry. */
    async unpackFolders(): Promise<Map<string, string[]>> {
      const byId = new Map<string, string[]>();
      const names = await fs.promises.readdir(root).catch(() => [] as string[]);
      for (const name of names) {
        const id = UNPACK_FOLDER.exec(name)?.[1];
        if (id) byId.set(id, [...(byId.get(id) ?? []), path.join(root, name)]);
      }
      return byId;
    },
  };
}
