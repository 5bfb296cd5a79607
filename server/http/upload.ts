/**
 * The bodies of create and estimate: JSON (addresses, text), or multipart/form-data carrying PDFs
 * as files (shared/client/podcast-body.ts writes it). Both are read as they arrive and capped as they
 * go; a form first takes one of the process's upload slots (capped per client too). An answer given
 * before the body has all arrived (a refusal) is sent at once, and the rest of the body is read and
 * dropped, within bounds, so a client that sends it all without waiting (no `Expect: 100-continue`)
 * can read that answer instead of meeting a closed connection.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { cleanFreeText } from '../../shared/api/nul.ts';
import { SOURCES_PER_EPISODE, type CreatePodcast, type EstimatePodcast } from '../../shared/api/podcasts.ts';
import { mapFiles, UPLOAD_FORM, type FilePart, type WithFiles } from '../../shared/api/podcast-files.ts';
import { PDF_LIMITS, PODCAST_JSON_MAX_BYTES } from '../../shared/constants.ts';
import { UPLOAD_MESSAGES } from '../../shared/errors.ts';
import type { Config } from '../config.ts';
import { AppError, rateLimited } from '../errors.ts';
import { readForm, type ReceivedFile, type ReceivedForm } from '../machinery/upload/read-form.ts';
import type { UploadSlots } from '../machinery/upload/upload-slots.ts';
import { clientAddress } from './caller.ts';
import { checked } from './validate.ts';

export const UPLOAD_LIMITS = {
  /** A form's parts: its JSON, and a file for each source at most. */
  parts: SOURCES_PER_EPISODE.max + 1,
  /** Beyond the files and the JSON: the parts' headers and boundaries. */
  slackBytes: 64 * 1024,
  /** An upload whose next bytes take longer is refused (408). */
  idleMs: 30_000,
  /**
   * An upload whose whole body takes longer is refused (408), however steadily it trickles in, so a
   * slow sender cannot hold its slot for long: 20 MB at a slow 200 KB/s takes 100 s.
   */
  deadlineMs: 120_000,
  /** An upload slower than this over a window is refused (408): a trickle holds its slot seconds, not minutes. */
  minBytesPerSecond: 4 * 1024,
  rateWindowMs: 10_000,
  /** Retry-After when the uploads are at a cap: about one upload's time. */
  retryAfterSeconds: 5,
} as const;

/** Of a body answered before its end, what is read and dropped; past either the connection is closed. */
const DISCARD = { bytes: 64 * 1024 * 1024, idleMs: 10_000 } as const;

/** How long an upload may wait for its next bytes, take in all, and how slowly it may arrive (UPLOAD_LIMITS; tests change them). */
export interface UploadTimes {
  idleMs: number;
  deadlineMs: number;
  minBytesPerSecond: number;
  rateWindowMs: number;
}

export interface PodcastRequestDeps {
  config: Pick<Config, 'trustProxy' | 'limits'>;
  uploads: UploadSlots;
  uploadTimes?: UploadTimes;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

/**
 * The request, checked with `schema`, with each PDF's bytes in place of its part; `done` gives back
 * the upload slot once the request is answered.
 */
export async function readPodcastRequest<T extends CreatePodcast | EstimatePodcast>(
  c: Context,
  deps: PodcastRequestDeps,
  schema: z.ZodType<T>,
): Promise<{ request: WithFiles<T, ReceivedFile>; done: () => void }> {
  const contentType = c.req.header('Content-Type') ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (JSON_TYPE.test(mediaType)) {
    const jsonTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { message: UPLOAD_MESSAGES.jsonTooLarge });
    if (declared > PODCAST_JSON_MAX_BYTES) throw jsonTooLarge();
    const text = await readCapped(requestBody(c), PODCAST_JSON_MAX_BYTES, jsonTooLarge);
    return { request: withFiles(checked(schema, parseJson(text)), new Map(), 'json'), done: () => {} };
  }
  if (mediaType !== 'multipart/form-data') throw new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.contentType, status: 415 });

  const bodyBytes = PDF_LIMITS.maxBytes + PODCAST_JSON_MAX_BYTES + UPLOAD_LIMITS.slackBytes;
  const slot = deps.uploads.take(clientAddress(c, deps.config.trustProxy));
  if ('full' in slot) {
    const message = slot.full === 'process' ? UPLOAD_MESSAGES.busy : UPLOAD_MESSAGES.clientBusy(deps.config.limits.uploadsPerClient);
    throw rateLimited(message, UPLOAD_LIMITS.retryAfterSeconds);
  }
  const times = deps.uploadTimes ?? UPLOAD_LIMITS;
  try {
    const form = await readForm(requestBody(c), contentType, {
      bodyBytes,
      fileBytes: PDF_LIMITS.maxBytes,
      fieldBytes: PODCAST_JSON_MAX_BYTES,
      parts: UPLOAD_LIMITS.parts,
      idleMs: times.idleMs,
      deadlineMs: times.deadlineMs,
      minRate: { bytesPerSecond: times.minBytesPerSecond, windowMs: times.rateWindowMs },
      // A body declared past the cap is refused, but only its parts say whether one PDF is over 20 MB
      // or several are together: they are counted, not kept, up to the cap.
      ...(declared > bodyBytes ? { countOnly: true } : declared > 0 ? { declaredBytes: declared } : {}),
    });
    return { request: withFiles(checked(schema, formJson(form)), form.files, 'form'), done: slot.release };
  } catch (err) {
    slot.release();
    throw err;
  }
}

/**
 * Middleware for the routes that take files: an answer given while the body still arrives is sent at
 * once with its length, and ends once the rest of the body is read and dropped (or past DISCARD).
 */
export function answerBeforeTheBodyEnds(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const body = unreadBody(c);
    if (!body) return;
    const drained = discard(body);
    const answer = c.res;
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const headers = new Headers(answer.headers);
    headers.set('Content-Length', String(bytes.byteLength));
    c.res = new Response(
      new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(bytes),
        pull: async (controller) => {
          await drained;
          controller.close();
        },
      }),
      { status: answer.status, headers },
    );
  };
}

/** The request's body as a Node stream: under Node, the connection's own; otherwise (tests) the Request's. */
export function requestBody(c: Context): Readable {
  const incoming = nodeRequest(c);
  if (incoming) return incoming;
  let body = webBodies.get(c.req.raw);
  if (!body) {
    body = c.req.raw.body ? Readable.fromWeb(c.req.raw.body as NodeReadableStream<Uint8Array>) : Readable.from([]);
    webBodies.set(c.req.raw, body);
  }
  return body;
}

const webBodies = new WeakMap<Request, Readable>();

function nodeRequest(c: Context): Readable | null {
  // @hono/node-server puts the Node request in the bindings (under `server` when wrapped).
  type Bindings = { incoming?: unknown } | undefined;
  const env = c.env as (Bindings & { server?: Bindings }) | undefined;
  const incoming = (env?.server ?? env)?.incoming;
  return incoming instanceof Readable ? incoming : null;
}

function unreadBody(c: Context): Readable | null {
  const body = nodeRequest(c) ?? webBodies.get(c.req.raw) ?? (c.req.raw.body && !c.req.raw.bodyUsed ? requestBody(c) : null);
  return body && !body.readableEnded && !body.destroyed ? body : null;
}

/** Reads and drops the rest of `body`; closes it past DISCARD's bytes or wait. */
function discard(body: Readable): Promise<void> {
  return new Promise((resolve) => {
    let dropped = 0;
    const stop = (cut: boolean) => {
      clearTimeout(timer);
      body.off('data', dropping).off('end', ended).off('close', ended).off('error', ended);
      if (cut) body.destroy();
      resolve();
    };
    const ended = () => stop(false);
    const timer = setTimeout(() => stop(true), DISCARD.idleMs);
    const dropping = (chunk: Buffer) => {
      dropped += chunk.length;
      timer.refresh();
      if (dropped > DISCARD.bytes) stop(true);
    };
    body.on('data', dropping).on('end', ended).on('close', ended).on('error', ended);
    body.resume();
  });
}

/** The body's bytes as text, refused with `tooLarge()` as soon as they pass `max` (the rest left unread). */
function readCapped(body: Readable, max: number, tooLarge: () => AppError): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: AppError) => {
      body.off('data', take).off('end', ended).off('error', cut).off('close', cut);
      body.pause();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) finish(tooLarge());
      else chunks.push(chunk);
    };
    const ended = () => finish();
    const cut = () => {
      if (!body.readableEnded) finish(new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.cutOff }));
    };
    body.on('data', take).on('end', ended).on('error', cut).on('close', cut);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.notJson });
  }
}

/** The form's request: its `request` part as JSON (a text field, or a file), or `{ file }` for a form of one file alone. */
function formJson(form: ReceivedForm): unknown {
  const asFile = form.files.get(UPLOAD_FORM.request);
  form.files.delete(UPLOAD_FORM.request);
  const text = form.fields.get(UPLOAD_FORM.request) ?? (asFile ? Buffer.from(asFile.bytes).toString('utf8') : undefined);
  const other = [...form.fields.keys()].find((name) => name !== UPLOAD_FORM.request);
  if (other !== undefined) throw new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.extraPart(other) });
  if (text !== undefined) return parseJson(text);
  const [only, ...more] = form.files.keys();
  if (only === undefined || more.length > 0) throw new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.noRequest });
  return { file: { part: only } };
}

/** The request with each `{ part }` replaced by that part's file; a part named twice is one file read twice, a part named nowhere is refused. */
function withFiles<T extends CreatePodcast | EstimatePodcast>(request: T, files: Map<string, ReceivedFile>, sentAs: 'json' | 'form'): WithFiles<T, ReceivedFile> {
  const used = new Set<string>();
  const take = ({ part }: FilePart): ReceivedFile => {
    const file = files.get(part);
    if (!file) throw new AppError('VALIDATION_ERROR', { message: sentAs === 'json' ? UPLOAD_MESSAGES.asPart : UPLOAD_MESSAGES.missingPart(part) });
    used.add(part);
    return { ...file, name: cleanFreeText(file.name).trim().slice(0, 255) };
  };
  const resolved = mapFiles(request, take);
  const unused = [...files.keys()].find((name) => !used.has(name));
  if (unused !== undefined) throw new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.extraPart(unused) });
  return resolved;
}
