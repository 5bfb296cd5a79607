/**
 * Fetches a web page for conversion, guarded against server-side request forgery: http and https
 * only; every address a host resolves to is checked before connecting, and the connection goes to
 * the checked address; redirects are followed by hand (at most five) and each hop is checked again;
 * one deadline covers the whole fetch; the body is capped after decompression; HTML, plain text and
 * PDFs are read (a PDF known by its type or its signature, with a cap of its own), and a link to
 * anything else (an image, a video, whatever its declared type) is told what it leads to. A refused address is told it is private: nothing is fetched from it, so the
 * answer never tells what lives there.
 */
import type http from 'node:http';
import { STATUS_CODES } from 'node:http';
import { PDF_LIMITS } from '../../../shared/constants.ts';
import { hasPdfSignature } from '../../../shared/pdf-file.ts';
import { CONTENT_MESSAGES, notAWebPageMessage, PDF_MESSAGES } from '../../../shared/errors.ts';
import { emptyRefusal, PDF_CONTENT_TYPES, statusRefusal, typeRefusal, type PageRefusal } from '../../../shared/page-rules.ts';
import { AppError } from '../../errors.ts';
import { decodedBody, httpGet, UnsupportedEncodingError } from './http-get.ts';
import { decodeBody, looksLikeHtml, mediaType, plainTextToHtml, type PageContentType } from './page-body.ts';
import { BlockedAddressError, resolveTarget, systemResolver, type HostResolver } from './resolve-target.ts';

export const MAX_REDIRECTS = 5;
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
/** Decompressed bytes read from a page; far above any article, far below a memory problem. */
export const DEFAULT_MAX_PAGE_BYTES = 5 * 1024 * 1024;
const MAX_URL_LENGTH = 2048;

export interface FetchPageOptions {
  /** `host:port` pairs (FETCH_ALLOW_HOSTS) reachable although they resolve to private addresses. */
  allowHosts: readonly string[];
  /** Aborting it rejects the fetch with the signal's reason. */
  signal?: AbortSignal;
  /** One deadline for every hop, from the first lookup to the last byte. */
  timeoutMs?: number;
  maxBytes?: number;
  /** Bytes read of a PDF (PDF_LIMITS.maxBytes unless a test says otherwise). */
  maxPdfBytes?: number;
  /** How host names become addresses; the system resolver unless a test injects one. */
  resolver?: HostResolver;
}

/** A web page as HTML (plain text arrives wrapped in a minimal HTML document), or a PDF's bytes; `url` is the final address. */
export type FetchedPage = { url: string; html: string; contentType: PageContentType } | { url: string; pdf: Uint8Array; contentType: 'application/pdf' };

/** Types a PDF is served as: its own, and the generic ones a download server uses. */
const PDF_TYPES = new Set(PDF_CONTENT_TYPES);
const DOWNLOAD_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/download', 'application/force-download']);

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const invalidUrl = () => new AppError('INVALID_URL', { message: CONTENT_MESSAGES.invalidWebsiteUrl });
const unreachable = (cause: unknown) =>
  new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.unreachable, cause });
/** A refusal of the shared page rule, as the error a client reads. */
const refusedPage = ({ code, message }: PageRefusal, cause?: string) => new AppError(code, { message, ...(cause ? { cause: new Error(cause) } : {}) });
const cannotProcess = (cause: string) =>
  new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.parseFailed, cause: new Error(cause) });
const refused = (cause: BlockedAddressError) => new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.privateAddress, cause });
const notAWebPage = (kind: string, cause: string) =>
  new AppError('FETCH_FAILED', { message: notAWebPageMessage(kind), cause: new Error(cause) });

/** Whether a body is an image by its first bytes, whatever its declared type. */
function isImage(body: Buffer): boolean {
  const head = body.subarray(0, 12);
  const png = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const gif = head.subarray(0, 4).toString('latin1') === 'GIF8';
  const webp = head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
  return png || jpeg || gif || webp;
}



/** An absolute http(s) URL without credentials, or null. */
export function parseWebUrl(input: string, base?: URL): URL | null {
  if (input.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  url.hash = '';
  return url;
}

/** The status text to show: the reason phrase, else the status code. */
export function statusText(response: http.IncomingMessage): string {
  return reasonGiven(response)?.slice(0, 100) || String(response.statusCode);
}

/** The reason phrase to show: the server's own when it is printable, else Node's standard one. */
function reasonGiven(response: http.IncomingMessage): string | undefined {
  const given = (response.statusMessage ?? '').replace(/[^\x20-\x7e]/g, '').trim();
  return given || STATUS_CODES[response.statusCode ?? 0];
}

export async function readCapped(response: http.IncomingMessage, maxBytes: number, tooLarge: (cause: string) => AppError): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (!response.headers['content-encoding'] && declared > maxBytes) {
    throw tooLarge(`Content-Length ${declared} is over the ${maxBytes}-byte cap`);
  }
  let body;
  try {
    body = decodedBody(response);
  } catch (error) {
    if (error instanceof UnsupportedEncodingError) throw cannotProcess(error.message);
    throw error;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) throw tooLarge(`the body is over the ${maxBytes}-byte cap`);
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A zlib or brotli error is a body we cannot read; anything else (reset, abort) is the network's.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^(Z_|ERR__ERROR)/.test(code)) throw cannotProcess(String(error));
    throw error;
  }
  return Buffer.concat(chunks, total);
}

/**
 * Reads one 2xx response into the page, or throws the user-facing message for what is wrong with it.
 * A page type is read up to the page cap; a PDF's type, a download's type or none up to the PDF cap,
 * and the signature decides: a PDF is one whatever its type, and a ".pdf" that is HTML is a page.
 */
async function readPage(url: URL, response: http.IncomingMessage, caps: { page: number; pdf: number }): Promise<FetchedPage> {
  const header = response.headers['content-type'];
  let type = mediaType(header);
  const maybePdf = !type || PDF_TYPES.has(type) || DOWNLOAD_TYPES.has(type);
  const notAPage = maybePdf ? null : typeRefusal(type);
  if (notAPage) throw refusedPage(notAPage, `content type ${type} is not a web page`);
  const pdfTooLarge = (cause: string) => new AppError('FETCH_FAILED', { message: PDF_MESSAGES.tooLarge, cause: new Error(cause) });
  const body = await readCapped(response, maybePdf ? Math.max(caps.page, caps.pdf) : caps.page, PDF_TYPES.has(type) ? pdfTooLarge : cannotProcess);
  if (body.length === 0) throw refusedPage(emptyRefusal('')!);
  if (hasPdfSignature(body)) {
    if (body.length > caps.pdf) throw pdfTooLarge(`the PDF is over the ${caps.pdf}-byte cap`);
    return { url: url.href, pdf: new Uint8Array(body.buffer, body.byteOffset, body.length), contentType: 'application/pdf' };
  }
  if (isImage(body)) throw notAWebPage('an image', `served as ${type || 'nothing'}, the body is an image`);
  if (maybePdf) {
    if (!looksLikeHtml(body)) {
      if (PDF_TYPES.has(type)) throw new AppError('FETCH_FAILED', { message: PDF_MESSAGES.damaged, cause: new Error('served as a PDF without its signature') });
      throw type ? notAWebPage(`a file of type ${type}`, 'neither a PDF nor HTML') : cannotProcess('no content type and the body is not HTML');
    }
    if (body.length > caps.page) throw cannotProcess(`the page is over the ${caps.page}-byte cap`);
    type = 'text/html';
  }
  const contentType = type as PageContentType;
  const text = decodeBody(body, header, contentType);
  const empty = emptyRefusal(text);
  if (empty) throw refusedPage(empty);
  return { url: url.href, html: contentType === 'text/plain' ? plainTextToHtml(text) : text, contentType };
}

/**
 * Fetches `url` with the SSRF guard. Throws AppError: INVALID_URL for an address that is not http(s);
 * FETCH_FAILED with the private-address message for refused addresses (a redirect's too), the
 * unreachable-page message for network errors, the deadline and too many redirects, 'Failed to fetch
 * content: {status text}' for a non-2xx answer, what the link leads to for an image or another type
 * that is not a page, the PDF messages for a PDF over its cap or without its signature, and the
 * could-not-be-processed message for bodies it cannot read or that pass the cap; NO_CONTENT for an
 * empty body.
 */
export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  let current = parseWebUrl(url);
  if (!current) throw invalidUrl();
  const caps = { page: options.maxBytes ?? DEFAULT_MAX_PAGE_BYTES, pdf: options.maxPdfBytes ?? PDF_LIMITS.maxBytes };
  const deadline = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const resolver = options.resolver ?? systemResolver;

  try {
    for (let redirects = 0; ; redirects++) {
      signal.throwIfAborted();
      const targets = await abortable(resolveTarget(current, options.allowHosts, resolver), signal);
      const response = await httpGet(current, targets, signal);
      try {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          if (redirects >= MAX_REDIRECTS) {
            throw new AppError('FETCH_FAILED', { message: CONTENT_MESSAGES.redirectLoop, cause: new Error(`more than ${MAX_REDIRECTS} redirects`) });
          }
          const next = parseWebUrl(location, current);
          if (!next) throw unreachable(new Error(`redirect to an address that is not http(s): ${location}`));
          current = next;
          continue;
        }
        const failed = statusRefusal(status, reasonGiven(response));
        if (failed) throw refusedPage(failed);
        return await readPage(current, response, caps);
      } finally {
        response.destroy();
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof AppError) throw error;
    if (error instanceof BlockedAddressError) throw refused(error);
    throw unreachable(error);
  }
}

/** `promise`, or a rejection as soon as `signal` aborts (DNS lookups cannot be cancelled). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
