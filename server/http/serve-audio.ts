/**
 * Answers stored audio with HTTP Range support (206 Partial Content, 416, HEAD), as audio players
 * and podcast apps expect, from either store: the size from `stat`, the bytes streamed from `read`
 * (a file on disk, or a ranged GET from the bucket). Never holds the whole episode in memory.
 */
import type { Context } from 'hono';
import type { AudioObject, AudioStore } from '../machinery/audio/store.ts';
import { audioNotFound } from '../machinery/audio/store.ts';

export interface ServeAudioOptions {
  contentType: string;
  /** Sent as an attachment with this file name when set. */
  downloadName?: string;
  cacheControl?: string;
  /** Serves these bytes of the object as if they were the whole of it. */
  slice?: { offset: number; length: number };
  /** A validator for these bytes (they never change under it): sent as ETag; a match answers 304. */
  etag?: string;
}

export async function serveAudio(
  c: Context,
  audio: Pick<AudioStore, 'stat' | 'read'>,
  object: AudioObject,
  options: ServeAudioOptions,
): Promise<Response> {
  let size = await audio.stat(object);
  // Missing: deleted in the moment between reading the podcast and opening its audio (a delete, a re-voice).
  if (size === null) throw audioNotFound();
  if (options.slice) {
    if (options.slice.offset + options.slice.length > size) throw audioNotFound(new Error('the slice runs past the object'));
    size = options.slice.length;
  }
  const headers = new Headers({
    'Content-Type': options.contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': options.cacheControl ?? 'private, max-age=3600',
  });
  if (options.downloadName) headers.set('Content-Disposition', contentDisposition(options.downloadName));
  if (options.etag) {
    headers.set('ETag', options.etag);
    const known = c.req.header('if-none-match')?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (known?.some((tag) => tag === options.etag || tag === '*')) return new Response(null, { status: 304, headers });
  }

  // A Range with If-Range for other bytes than these gets the whole object.
  const ifRange = c.req.header('if-range');
  const rangeHeader = ifRange && options.etag && ifRange !== options.etag ? undefined : c.req.header('range');
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const base = options.slice?.offset ?? 0;
  headers.set('Content-Length', String(end - start + 1));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const body = c.req.method === 'HEAD' || size === 0 ? null : await audio.read(object, { start: start + base, end: end + base });
  return new Response(body, { status: range ? 206 : 200, headers });
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** `attachment; filename="My title.mp3"; filename*=UTF-8''My%20title.mp3` */
export function contentDisposition(name: string): string {
  // Control characters and bidi controls (U+202E would show "gnp.exe" as "exe.png") go from both forms.
  const shown = name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '_');
  const ascii = shown.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(shown)}`;
}
