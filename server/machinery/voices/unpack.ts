/**
 * A voice archive (`.tar.bz2`) hashed and unpacked into a folder by a process of its own
 * (archive-process.mjs, in a session of its own at the lowest priority), so the server's event loop
 * never waits on bzip2 nor on hashing, and the server's share of a busy machine's CPU is not spent
 * on them either. That process refuses anything that could write outside the folder (absolute paths,
 * `..` segments, links of either kind, device files) and stops past the caps: file bytes,
 * decompressed bytes (counted as bzip2 makes them; at most MAX_UNPACK_RATIO times the archive's size), entries; this side kills it past the time allowed
 * or on abort.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export class VoiceArchiveError extends Error {
  override readonly name = 'VoiceArchiveError';
  /** How many bytes bzip2 had made when the unpacking stopped, when it had started. */
  readonly unpackedBytes?: number;
  /** It ran out of time (a busy machine): nothing is known against the archive. */
  readonly timedOut: boolean;
  constructor(message: string, options?: ErrorOptions & { unpackedBytes?: number; timedOut?: boolean }) {
    super(message, options);
    this.unpackedBytes = options?.unpackedBytes;
    this.timedOut = options?.timedOut ?? false;
  }
}

export interface UnpackLimits {
  /** Bytes of files written, at most. */
  maxBytes: number;
  /** Bytes bzip2 may produce (the whole tar stream, padding and later streams included); default `maxBytes` and 10%. */
  maxUnpackedBytes?: number;
  /** Entries (files and folders) at most. */
  maxEntries?: number;
  /** How long the unpacking may take. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The voice archives hold a few hundred entries (espeak-ng-data); ten thousand is far past any. */
export const MAX_ARCHIVE_ENTRIES = 10_000;
/**
 * Bytes an archive may unpack to per byte downloaded: the voices' archives unpack to under three
 * times their size (models barely compress), so a small download that unpacks to hundreds of megabytes
 * (a trailing stream of zeros) is refused once it passes this ratio, in about a second, not at the cap.
 */
export const MAX_UNPACK_RATIO = 10;
/** Under this many decompressed bytes the ratio is not held against an archive (a tiny tar is mostly padding). */
export const UNPACK_RATIO_FLOOR = 32 * 1024 * 1024;
/** About 1 MB/s for bzip2 in JavaScript on a slow machine: 20 minutes covers Kokoro twice over. */
const DEFAULT_TIMEOUT_MS = 20 * 60_000;

const SCRIPT = fileURLToPath(new URL('./archive-process.mjs', import.meta.url));

export interface Unpacked {
  entries: number;
  unpackedBytes: number;
  /** The process that did the work (never the server's). */
  pid: number;
}

let groupNice: Promise<number | null> | undefined;
/** This process's session group's nice (Linux's autogroup), or null where there is none; read once. */
function sessionGroupNice(): Promise<number | null> {
  groupNice ??= fs.promises.readFile('/proc/self/autogroup', 'utf8').then(
    (text) => {
      const nice = Number(/nice\s+(-?\d+)/.exec(text)?.[1] ?? NaN);
      return Number.isFinite(nice) ? nice : null;
    },
    () => null,
  );
  return groupNice;
}

/** Runs archive-process.mjs on one task; rejects with its message, past `timeoutMs`, or on abort. */
async function inProcess<T>(task: Record<string, unknown>, timeoutMs: number, what: string, signal?: AbortSignal): Promise<T> {
  const nice = await sessionGroupNice();
  signal?.throwIfAborted();
  // Detached: a session of its own (see archive-process.mjs). No loader of the server's (tsx): plain JavaScript.
  const child = fork(SCRIPT, [JSON.stringify({ ...task, groupNice: nice })], { detached: true, execArgv: ['--max-old-space-size=256'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => void (stderr = (stderr + text).slice(-2_000)));
  return await new Promise<T>((resolve, reject) => {
    let settled = false;
    /** Settles once the process is gone (`stop` kills it first), so nothing it writes lands after the answer. */
    const settle = (outcome: () => void, stop = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode !== null || child.signalCode !== null) return outcome();
      child.once('exit', outcome);
      if (stop) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => settle(() => reject(new VoiceArchiveError(`The archive took more than the ${Math.round(timeoutMs / 1000)} s allowed to ${what} (the machine may be busy; it is tried again later)`, { timedOut: true })), true), timeoutMs);
    timer.unref();
    const onAbort = () => settle(() => reject(signal!.reason), true);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('message', (answer: ({ ok: true } & T) | { ok: false; message: string; unpackedBytes?: number }) =>
      settle(() => {
        if (!answer.ok) return reject(new VoiceArchiveError(answer.message, { unpackedBytes: answer.unpackedBytes }));
        const { ok: _, ...result } = answer;
        resolve(result as T);
      }),
    );
    child.once('error', (error) => settle(() => reject(new VoiceArchiveError(`The archive could not be read: ${error.message}`, { cause: error }))));
    child.once('exit', (code, killed) => {
      const said = stderr.trim().split('\n').slice(-2).join(' ');
      settle(() => reject(new VoiceArchiveError(`The archive's process stopped (${killed ?? `exit code ${code}`})${said ? `: ${said.slice(0, 300)}` : ''}`)));
    });
  });
}

/** Unpacks `archive` into the existing, empty folder `into`; rejects with the reason it cannot. */
export async function unpackArchive(archive: string, into: string, limits: UnpackLimits): Promise<Unpacked> {
  const { size } = await fs.promises.stat(archive);
  const task = {
    task: 'unpack',
    archive,
    into,
    maxFileBytes: limits.maxBytes,
    maxUnpackedBytes: limits.maxUnpackedBytes ?? Math.ceil(limits.maxBytes * 1.1),
    maxEntries: limits.maxEntries ?? MAX_ARCHIVE_ENTRIES,
    maxRatioBytes: Math.max(UNPACK_RATIO_FLOOR, size * MAX_UNPACK_RATIO),
    maxRatio: MAX_UNPACK_RATIO,
  };
  return inProcess<Unpacked>(task, limits.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'unpack', limits.signal);
}

/** The archive's SHA-256 (hex), read in its own process: hundreds of megabytes never pass through the event loop. */
export async function archiveSha256(archive: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<string> {
  const { sha256 } = await inProcess<{ sha256: string }>({ task: 'sha256', archive }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'hash', options.signal);
  return sha256;
}
