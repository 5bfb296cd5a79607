/**
 * Answers a document made on request (a transcript, chapters, a feed) the way podcast apps expect:
 * Content-Length on GET and HEAD, an ETag from its bytes (and Last-Modified when known), and
 * 304 Not Modified to a conditional GET that already has it.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { contentDisposition } from './serve-audio.ts';

export interface TextResponseOptions {
  contentType: string;
  cacheControl?: string;
  /** When the document last changed; sent as Last-Modified and checked against If-Modified-Since. */
  lastModified?: Date;
  /** Sent as an attachment with this file name when set. */
  downloadName?: string;
}

/** `"<sha-256 of the body, 27 characters>"`: a strong validator. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** True when the request's validators say it already has this version. */
export function notModified(c: Context, etag: string, lastModified?: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t.replace(/^W\//, '') === etag;
    });
  }
  const since = c.req.header('if-modified-since');
  if (since && lastModified) {
    const time = Date.parse(since);
    return Number.isFinite(time) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(time / 1000);
  }
  return false;
}

export function textResponse(c: Context, body: string, options: TextResponseOptions): Response {
  const bytes = new TextEncoder().encode(body);
  const etag = etagOf(bytes);
  const headers = new Headers({
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl ?? 'private, no-cache',
    ETag: etag,
  });
  if (options.lastModified) headers.set('Last-Modified', options.lastModified.toUTCString());
  if (options.downloadName) headers.set('Content-Disposition', contentDisposition(options.downloadName));
  if ((c.req.method === 'GET' || c.req.method === 'HEAD') && notModified(c, etag, options.lastModified)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(c.req.method === 'HEAD' ? null : bytes, { status: 200, headers });
}
