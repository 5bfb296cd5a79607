/**
 * One archive fetched over HTTP into a `.part` file that survives a cut: the next attempt asks for
 * the rest (a Range request) and appends it; a server that ignores the range sends the whole file
 * again, which replaces the part. Nothing larger than `maxBytes` is ever written.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';

export class VoiceDownloadError extends Error {
  override readonly name = 'VoiceDownloadError';
}

export interface DownloadProgress {
  received: number;
  /** The whole archive's size when the server says it, else null. */
  total: number | null;
}

export interface DownloadOptions {
  url: string;
  /** The part file: appended to when it exists, created when it does not. */
  partFile: string;
  maxBytes: number;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

/** The total size from `Content-Range: bytes a-b/total`, when the server gives it. */
function rangeTotal(header: string | null): number | null {
  const total = header?.match(/\/(\d+)\s*$/)?.[1];
  return total ? Number(total) : null;
}

/** Downloads `url` into `partFile`, resuming what an earlier attempt left; resolves once the part is whole. */
export async function downloadArchive(options: DownloadOptions): Promise<void> {
  const { url, partFile, maxBytes, signal, onProgress } = options;
  const have = fs.existsSync(partFile) ? fs.statSync(partFile).size : 0;
  const response = await fetch(url, { headers: have ? { range: `bytes=${have}-` } : {}, signal, redirect: 'follow' }).catch((error: unknown) => {
    signal?.throwIfAborted();
    throw new VoiceDownloadError(`Could not reach ${url}: ${(error as Error).message}`, { cause: error });
  });
  // A part already whole: the server has nothing past its end.
  if (response.status === 416 && have > 0 && rangeTotal(response.headers.get('content-range')) === have) return;
  const resumed = response.status === 206 && have > 0;
  if (!resumed && response.status !== 200) {
    await response.body?.cancel();
    throw new VoiceDownloadError(`${url} answered ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? NaN);
  const total = resumed ? rangeTotal(response.headers.get('content-range')) : Number.isFinite(length) ? length : null;
  if (total !== null && total > maxBytes) {
    await response.body?.cancel();
    throw new VoiceDownloadError(`${url} is ${total} bytes, over the ${maxBytes} allowed`);
  }
  if (!response.body) throw new VoiceDownloadError(`${url} sent no body`);
  let received = resumed ? have : 0;
  onProgress?.({ received, total });
  const counted = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>).map(
    (chunk: Uint8Array) => {
      received += chunk.length;
      if (received > maxBytes) throw new VoiceDownloadError(`${url} sent more than the ${maxBytes} bytes allowed`);
      onProgress?.({ received, total });
      return chunk;
    },
    { signal },
  );
  const part = fs.createWriteStream(partFile, { flags: resumed ? 'a' : 'w' });
  try {
    await pipeline(counted, part, { signal });
  } catch (error) {
    // A write under way when the download failed still lands: the part's size counts once it is closed.
    if (!part.closed) await new Promise<void>((closed) => part.once('close', () => closed()));
    signal?.throwIfAborted();
    if (error instanceof VoiceDownloadError) throw error;
    throw new VoiceDownloadError(`The download of ${url} was cut after ${received} bytes: ${(error as Error).message}`, { cause: error });
  }
  if (total !== null && received !== total) throw new VoiceDownloadError(`The download of ${url} ended after ${received} of ${total} bytes`);
}
