/**
 * One archive fetched over HTTP into a `.part` file that survives a cut.
 *
 * - Resuming asks for the rest (`Range`) with `If-Range` set to the validator the server sent first
 *   (its ETag, else its Last-Modified, kept beside the part): a file changed under the same name comes
 *   back whole (200) and replaces the part. A part without a validator is never resumed.
 * - A 206 must start exactly where it was asked to; a 416 counts as "already whole" only when the size
 *   it states is the part's. Either way, a part that does not fit is dropped and the download starts
 *   again from byte zero.
 * - The mirror's own host is trusted (VOICE_MODELS_URL is the administrator's choice); a redirect to
 *   any other host follows the page fetcher's address rules (FETCH_ALLOW_HOSTS excepted), and the
 *   socket connects to the very addresses that were checked.
 * - Nothing past `maxBytes` is written; a server silent for `idleTimeoutMs`, or a download longer than
 *   `deadlineMs`, is cut off.
 */
import fs from 'node:fs';
import type http from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { httpGet } from '../fetch/http-get.ts';
import { hostPort, resolveTarget, systemResolver, type HostResolver } from '../fetch/resolve-target.ts';

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
  /** The part file: appended to when it exists and still matches, created when it does not. */
  partFile: string;
  maxBytes: number;
  /** FETCH_ALLOW_HOSTS: `host:port`s a redirect may reach although the address rules refuse them. */
  allowHosts?: readonly string[];
  resolver?: HostResolver;
  /** How long the server may send nothing (default 60 s). */
  idleTimeoutMs?: number;
  /** How long the whole download may take (default 2 hours). */
  deadlineMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

const MAX_REDIRECTS = 5;
const REQUEST_HEADERS = { 'user-agent': 'Pagecast voice installer', accept: '*/*', 'accept-encoding': 'identity' };

/** What the server said of the file the part holds: the validator to resume it with. */
interface PartMeta {
  url: string;
  etag?: string;
  lastModified?: string;
}

const metaFile = (partFile: string) => `${partFile}.json`;

/** Removes a part and what is known of it: the next request starts from byte zero. */
export function dropPart(partFile: string): void {
  fs.rmSync(partFile, { force: true });
  fs.rmSync(metaFile(partFile), { force: true });
}

function readMeta(partFile: string): PartMeta | null {
  try {
    return JSON.parse(fs.readFileSync(metaFile(partFile), 'utf8')) as PartMeta;
  } catch {
    return null;
  }
}

/** `If-Range` takes a strong ETag or a date; a weak ETag cannot stand there. */
function validator(meta: PartMeta | null): string | null {
  if (meta?.etag && !meta.etag.startsWith('W/')) return meta.etag;
  return meta?.lastModified ?? null;
}

const header = (response: http.IncomingMessage, name: string) => {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** `Content-Range: bytes a-b/total`, or `bytes *` and the total. */
function contentRange(value: string | undefined): { start: number | null; total: number | null } {
  const m = value?.match(/^bytes\s+(?:(\d+)-\d+|\*)\/(\d+|\*)\s*$/);
  if (!m) return { start: null, total: null };
  return { start: m[1] === undefined ? null : Number(m[1]), total: m[2] === '*' ? null : Number(m[2]) };
}

/** GET `url`, following redirects under the address rules; answers the final response. */
async function get(url: string, headers: Record<string, string>, options: { allowHosts: readonly string[]; resolver: HostResolver; signal: AbortSignal }) {
  const mirror = new URL(url);
  let current = mirror;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'https:' && current.protocol !== 'http:') throw new VoiceDownloadError(`${url} redirected to a ${current.protocol} address`);
    const sameHost = current.origin === mirror.origin;
    const targets = await resolveTarget(current, sameHost ? [...options.allowHosts, hostPort(current)] : options.allowHosts, options.resolver);
    const response = await httpGet(current, targets, options.signal, headers);
    const location = header(response, 'location');
    if (![301, 302, 303, 307, 308].includes(response.statusCode ?? 0) || !location) return response;
    response.resume();
    if (hop >= MAX_REDIRECTS) throw new VoiceDownloadError(`${url} redirected more than ${MAX_REDIRECTS} times`);
    current = new URL(location, current);
  }
}

/** Downloads `url` into `partFile`, resuming what an earlier attempt left; resolves once the part is whole. */
export async function downloadArchive(options: DownloadOptions): Promise<void> {
  const { url, partFile, maxBytes, signal, onProgress } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const deadlineMs = options.deadlineMs ?? 2 * 60 * 60_000;
  const cut = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const stillAlive = () => {
    clearTimeout(idle);
    idle = setTimeout(() => cut.abort(new VoiceDownloadError(`${url} sent nothing for ${Math.round(idleTimeoutMs / 1000)} s`)), idleTimeoutMs);
    idle.unref();
  };
  const deadline = setTimeout(() => cut.abort(new VoiceDownloadError(`The download of ${url} took more than the ${Math.round(deadlineMs / 60_000)} minutes allowed`)), deadlineMs);
  deadline.unref();
  const onAbort = () => cut.abort(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const failure = (error: unknown, what: string) => {
    signal?.throwIfAborted();
    if (cut.signal.aborted && cut.signal.reason instanceof VoiceDownloadError) return cut.signal.reason;
    if (error instanceof VoiceDownloadError) return error;
    return new VoiceDownloadError(`${what}: ${(error as Error).message}`, { cause: error });
  };
  try {
    // Two rounds: a part that does not fit the server's answer is dropped once and fetched from zero.
    for (let round = 0; round < 2; round++) {
      let have = fs.existsSync(partFile) ? fs.statSync(partFile).size : 0;
      const meta = readMeta(partFile);
      const resumeWith = have > 0 && meta?.url === url ? validator(meta) : null;
      if (have > 0 && !resumeWith) {
        dropPart(partFile);
        have = 0;
      }
      const headers: Record<string, string> = { ...REQUEST_HEADERS, ...(have > 0 && resumeWith ? { range: `bytes=${have}-`, 'if-range': resumeWith } : {}) };
      stillAlive();
      let response: http.IncomingMessage;
      try {
        response = await get(url, headers, { allowHosts: options.allowHosts ?? [], resolver: options.resolver ?? systemResolver, signal: cut.signal });
      } catch (error) {
        throw failure(error, `Could not reach ${url}`);
      }
      const status = response.statusCode ?? 0;
      const range = contentRange(header(response, 'content-range'));
      if (status === 416) {
        response.resume();
        // Whole already, but only when the server's size is the part's.
        if (have > 0 && range.total === have) return;
        dropPart(partFile);
        continue;
      }
      if (status === 206 && (have === 0 || range.start !== have)) {
        response.destroy();
        dropPart(partFile);
        continue;
      }
      if (status !== 200 && status !== 206) {
        response.resume();
        throw new VoiceDownloadError(`${url} answered ${status}`);
      }
      const encoding = header(response, 'content-encoding');
      if (encoding && encoding !== 'identity') {
        response.destroy();
        throw new VoiceDownloadError(`${url} was sent with Content-Encoding ${encoding}`);
      }
      const resumed = status === 206;
      const length = Number(header(response, 'content-length') ?? NaN);
      const total = resumed ? range.total : Number.isFinite(length) ? length : null;
      if (total !== null && total > maxBytes) {
        response.destroy();
        throw new VoiceDownloadError(`${url} is ${total} bytes, over the ${maxBytes} allowed`);
      }
      if (!resumed) {
        // A whole file (first download, or changed since the part began): its validator is kept.
        const fresh: PartMeta = { url, etag: header(response, 'etag'), lastModified: header(response, 'last-modified') };
        fs.writeFileSync(metaFile(partFile), JSON.stringify(fresh));
      }
      let received = resumed ? have : 0;
      onProgress?.({ received, total });
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          stillAlive();
          received += chunk.length;
          if (received > maxBytes) return done(new VoiceDownloadError(`${url} sent more than the ${maxBytes} bytes allowed`));
          onProgress?.({ received, total });
          done(null, chunk);
        },
      });
      const part = fs.createWriteStream(partFile, { flags: resumed ? 'a' : 'w' });
      try {
        await pipeline(response, counter, part, { signal: cut.signal });
      } catch (error) {
        // A write under way when the download failed still lands: the part's size counts once it is closed.
        if (!part.closed) await new Promise<void>((closed) => part.once('close', () => closed()));
        throw failure(error, `The download of ${url} was cut after ${received} bytes`);
      }
      if (total !== null && received !== total) throw new VoiceDownloadError(`The download of ${url} ended after ${received} of ${total} bytes`);
      return;
    }
    throw new VoiceDownloadError(`${url} does not answer a range request consistently`);
  } finally {
    clearTimeout(idle);
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
  }
}
