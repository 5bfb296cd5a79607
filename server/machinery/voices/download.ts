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
 * - A web page is never taken for the archive: a `text/html` answer is refused before the part is
 *   touched, and a file that does not start with `signature` (bzip2's `BZh` for a voice) is dropped. A
 *   206 whose total is not the size the server first stated (it ignored `If-Range`) starts again.
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
  /** The bytes the file starts with (a format's magic number): anything else is not the file. */
  signature?: Buffer;
}

const MAX_REDIRECTS = 5;
const REQUEST_HEADERS = { 'user-agent': 'Pagecast voice installer', accept: '*/*', 'accept-encoding': 'identity' };

/** What the server said of the file the part holds: the validator to resume it with. */
interface PartMeta {
  url: string;
  etag?: string;
  lastModified?: string;
  /** The whole file's size as the server stated it. */
  total?: number;
}

const metaFile = (partFile: string) => `${partFile}.json`;

/** Removes a part and what is known of it: the next request starts from byte zero. */
export async function dropPart(partFile: string): Promise<void> {
  // Asynchronous: unlinking hundreds of megabytes may take a while on some file systems.
  await Promise.all([fs.promises.rm(partFile, { force: true }), fs.promises.rm(metaFile(partFile), { force: true })]);
}

/** Whether the part's first bytes are `signature` (a part too short to tell is not). */
async function startsWith(partFile: string, signature: Buffer): Promise<boolean> {
  const file = await fs.promises.open(partFile, 'r');
  try {
    const head = Buffer.alloc(signature.length);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(signature);
  } finally {
    await file.close();
  }
}

/** The first bytes of an answer, shown in a message: printable ASCII, the rest as dots. */
const preview = (bytes: Buffer) => JSON.stringify(bytes.subarray(0, 40).toString('latin1').replace(/[^\x20-\x7e]/g, '.'));

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
      // A part with no validator, or that is not the file (an error page kept by an older version), starts over.
      if (have > 0 && (!resumeWith || (options.signature && !(await startsWith(partFile, options.signature))))) {
        await dropPart(partFile);
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
        await dropPart(partFile);
        continue;
      }
      // A 206 must continue the very file the part holds: from its end, of the size first stated.
      if (status === 206 && (have === 0 || range.start !== have || (meta?.total !== undefined && range.total !== meta.total))) {
        response.destroy();
        await dropPart(partFile);
        continue;
      }
      if (status !== 200 && status !== 206) {
        response.resume();
        throw new VoiceDownloadError(`${url} answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}${status === 404 ? ' (no such archive at this address)' : ''}`);
      }
      if (/^\s*text\/html\b/i.test(header(response, 'content-type') ?? '')) {
        response.destroy();
        throw new VoiceDownloadError(`${url} answered with a web page (text/html), not the archive: a wrong address, or a proxy or sign-in page answering in its place`);
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
        const fresh: PartMeta = { url, etag: header(response, 'etag'), lastModified: header(response, 'last-modified'), total: total ?? undefined };
        fs.writeFileSync(metaFile(partFile), JSON.stringify(fresh));
      }
      let received = resumed ? have : 0;
      onProgress?.({ received, total });
      // A whole file's first bytes are checked against the signature before they are kept.
      const signature = resumed ? undefined : options.signature;
      let head: Buffer | null = signature ? Buffer.alloc(0) : null;
      let notTheFile: VoiceDownloadError | null = null;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          stillAlive();
          received += chunk.length;
          if (received > maxBytes) return done(new VoiceDownloadError(`${url} sent more than the ${maxBytes} bytes allowed`));
          if (head && signature) {
            head = Buffer.concat([head, chunk]);
            if (head.length >= signature.length) {
              if (!head.subarray(0, signature.length).equals(signature)) {
                notTheFile = new VoiceDownloadError(`${url} did not send the archive: its answer starts with ${preview(head)}`);
                return done(notTheFile);
              }
              head = null;
            }
          }
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
        if (notTheFile) await dropPart(partFile);
        throw failure(error, `The download of ${url} was cut after ${received} bytes`);
      }
      if (total !== null && received !== total) throw new VoiceDownloadError(`The download of ${url} ended after ${received} of ${total} bytes`);
      if (head) {
        await dropPart(partFile);
        throw new VoiceDownloadError(`${url} did not send the archive: its whole answer is ${preview(head)}`);
      }
      return;
    }
    throw new VoiceDownloadError(`${url} does not answer a range request consistently`);
  } finally {
    clearTimeout(idle);
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
  }
}
