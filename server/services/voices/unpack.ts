/**
 * A voice archive (`.tar.bz2`) hashed and unpacked into a folder by a worker thread (unpack-worker.mjs),
 * so the server's event loop never waits on bzip2 nor on hashing. The worker refuses anything that
 * could write outside the folder (absolute paths, `..` segments, links of either kind, device files)
 * and stops past the caps: file bytes, decompressed bytes (counted as bzip2 makes them), entries; this
 * side stops it past the time allowed or on abort.
 */
import { Worker } from 'node:worker_threads';

export class VoiceArchiveError extends Error {
  override readonly name = 'VoiceArchiveError';
  /** How many bytes bzip2 had made when the unpacking stopped, when it had started. */
  readonly unpackedBytes?: number;
  constructor(message: string, options?: ErrorOptions & { unpackedBytes?: number }) {
    super(message, options);
    this.unpackedBytes = options?.unpackedBytes;
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
/** About 1 MB/s for bzip2 in JavaScript on a slow machine: 20 minutes covers Kokoro twice over. */
const DEFAULT_TIMEOUT_MS = 20 * 60_000;

const WORKER = new URL('./unpack-worker.mjs', import.meta.url);

export interface Unpacked {
  entries: number;
  unpackedBytes: number;
  /** The thread that did the work (never the main thread's 0). */
  threadId: number;
}

/** Runs the worker on one task; rejects with its message, past `timeoutMs`, or on abort. */
function inWorker<T>(workerData: Record<string, unknown>, timeoutMs: number, what: string, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  const worker = new Worker(WORKER, { workerData });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new VoiceArchiveError(`The archive took more than the ${Math.round(timeoutMs / 1000)} s allowed to ${what}`))), timeoutMs);
    timer.unref();
    const onAbort = () => settle(() => reject(signal!.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: ({ ok: true } & T) | { ok: false; message: string; unpackedBytes?: number }) =>
      settle(() => {
        if (!answer.ok) return reject(new VoiceArchiveError(answer.message, { unpackedBytes: answer.unpackedBytes }));
        const { ok: _, ...result } = answer;
        resolve(result as T);
      }),
    );
    worker.once('error', (error) => settle(() => reject(new VoiceArchiveError(`The archive could not be read: ${error.message}`, { cause: error }))));
    worker.once('exit', (code) => settle(() => reject(new VoiceArchiveError(`The archive's worker stopped (exit code ${code})`))));
  });
}

/** Unpacks `archive` into the existing, empty folder `into`; rejects with the reason it cannot. */
export function unpackArchive(archive: string, into: string, limits: UnpackLimits): Promise<Unpacked> {
  const workerData = {
    task: 'unpack',
    archive,
    into,
    maxFileBytes: limits.maxBytes,
    maxUnpackedBytes: limits.maxUnpackedBytes ?? Math.ceil(limits.maxBytes * 1.1),
    maxEntries: limits.maxEntries ?? MAX_ARCHIVE_ENTRIES,
  };
  return inWorker<Unpacked>(workerData, limits.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'unpack', limits.signal);
}

/** The archive's SHA-256 (hex), read in the worker thread: hundreds of megabytes never pass through the event loop. */
export async function archiveSha256(archive: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<string> {
  const { sha256 } = await inWorker<{ sha256: string }>({ task: 'sha256', archive }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'hash', options.signal);
  return sha256;
}
