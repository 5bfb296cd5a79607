/**
 * Reads a multipart/form-data body as it arrives (busboy): its text fields, and its files' bytes with
 * their SHA-256, hashed chunk by chunk so no step holds the event loop for a whole file. Capped as it
 * goes: past the files' bytes, a field's size or the parts allowed it stops at once with the answer
 * (the body's rest is the caller's to discard), and a body that stops arriving, arrives slower than
 * its least rate, or takes longer than its deadline in all, is refused.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { PDF_MESSAGES, UPLOAD_MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';

/** A file part: its name as the sender gave it, its bytes and their SHA-256 (base64url). */
export interface ReceivedFile {
  name: string;
  bytes: Uint8Array;
  sha256: string;
}

export interface ReceivedForm {
  fields: Map<string, string>;
  files: Map<string, ReceivedFile>;
}

export interface FormLimits {
  /** The whole body: parts, their headers, and whatever surrounds them. */
  bodyBytes: number;
  /** Every file part's bytes together. */
  fileBytes: number;
  /** One text field's bytes. */
  fieldBytes: number;
  /** Fields and files together. */
  parts: number;
  /** The longest wait for the next bytes. */
  idleMs: number;
  /** The longest the whole body may take, however steadily it arrives (a trickle would hold its upload slot). */
  deadlineMs: number;
  /**
   * The least bytes a second, over each window of `windowMs`, while the body arrives: a sender that
   * keeps a slot with a trickle (a byte every few seconds never idles out) is cut well before its deadline.
   */
  minRate?: { bytesPerSecond: number; windowMs: number };
  /** The body's declared length, when it has one: a file's bytes are then copied into one buffer as they arrive. */
  declaredBytes?: number;
  /**
   * The body is refused whatever it holds (its declared length is past `bodyBytes`): its files are
   * counted, not kept, until a cap says which refusal it gets.
   */
  countOnly?: boolean;
}

/** Past the files' cap: one PDF over it, or several over it together. */
const tooLarge = (files = 1) => new AppError('PAYLOAD_TOO_LARGE', { message: files > 1 ? PDF_MESSAGES.tooLargeTogether : PDF_MESSAGES.tooLarge });
const malformed = (cause?: unknown) => new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.malformed, cause });

export function readForm(body: Readable, contentType: string, limits: FormLimits): Promise<ReceivedForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Browsers write a file's name in UTF-8.
        defParamCharset: 'utf8',
        // One byte over, so a file of exactly the cap is not cut (our own count refuses past the cap).
        limits: { fileSize: limits.fileBytes + 1, fieldSize: limits.fieldBytes, parts: limits.parts, headerPairs: 16 },
      });
    } catch (err) {
      // Not multipart, or no boundary.
      reject(malformed(err));
      return;
    }
    const fields = new Map<string, string>();
    const files = new Map<string, ReceivedFile>();
    let received = 0;
    let read = 0;
    /** File parts begun. */
    let fileParts = 0;
    let settled = false;
    const timedOut = (message: string) => () => settle(new AppError('VALIDATION_ERROR', { message, status: 408 }));
    const idle = setTimeout(timedOut(UPLOAD_MESSAGES.stalled), limits.idleMs);
    // Not restarted by the bytes that arrive: a client sending a byte now and then is cut here.
    const deadline = setTimeout(timedOut(UPLOAD_MESSAGES.tooSlow), limits.deadlineMs);
    const rate = limits.minRate && limits.minRate.bytesPerSecond > 0 ? limits.minRate : null;
    let windowStart = { at: Date.now(), read: 0 };
    const slowCheck = rate
      ? setInterval(() => {
          const now = Date.now();
          // A tick that came late (the process itself was held up) measures nothing: the bytes may wait unread.
          const late = now - windowStart.at > rate.windowMs * 1.5;
          if (!late && read - windowStart.read < (rate.bytesPerSecond * (now - windowStart.at)) / 1000) timedOut(UPLOAD_MESSAGES.tooSlow)();
          windowStart = { at: now, read };
        }, rate.windowMs)
      : undefined;
    const arrived = (chunk: Buffer) => {
      idle.refresh();
      read += chunk.length;
      if (read > limits.bodyBytes) settle(tooLarge(fileParts));
    };
    const cutOff = () => {
      if (!body.readableEnded) settle(new AppError('VALIDATION_ERROR', { message: UPLOAD_MESSAGES.cutOff }));
    };
    const settle = (refusal?: AppError) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(deadline);
      clearInterval(slowCheck);
      body.off('data', arrived).off('error', cutOff).off('close', cutOff).off('aborted', cutOff);
      // A body refused by its declared length that turns out within the caps (a length that lied) is refused all the same.
      const error = refusal ?? (limits.countOnly ? tooLarge(fileParts) : undefined);
      if (!error) {
        resolve({ fields, files });
        return;
      }
      // Stop reading here: what is left of the body is not parsed, and nothing read is kept. The parser
      // is stopped once it has left the event that told us (busboy goes on using its file stream).
      files.clear();
      body.unpipe(parser);
      process.nextTick(() => parser.destroy());
      reject(error);
    };
    const named = (name: string) => {
      if (!fields.has(name) && !files.has(name)) return true;
      settle(malformed(new Error(`two parts named ${name}`)));
      return false;
    };

    parser.on('file', (name, stream, info) => {
      fileParts++;
      const hash = createHash('sha256');
      const bytes = collect(limits.countOnly ? 0 : Math.min(limits.declaredBytes ?? 0, limits.fileBytes - received));
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limits.fileBytes) {
          settle(tooLarge(fileParts));
          return;
        }
        if (limits.countOnly) return;
        hash.update(chunk);
        bytes.add(chunk);
      });
      stream.on('limit', () => settle(tooLarge(fileParts)));
      stream.on('error', (err) => settle(malformed(err)));
      stream.on('end', () => {
        if (settled || !named(name)) return;
        files.set(name, { name: info.filename ?? '', bytes: bytes.whole(), sha256: hash.digest('base64url') });
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) settle(new AppError('PAYLOAD_TOO_LARGE', { message: UPLOAD_MESSAGES.jsonTooLarge }));
      else if (info.nameTruncated) settle(malformed(new Error('a part name over 100 bytes')));
      else if (named(name)) fields.set(name, value);
    });
    parser.on('partsLimit', () => settle(malformed(new Error(`more than ${limits.parts} parts`))));
    parser.on('error', (err) => settle(malformed(err)));
    parser.on('close', () => settle());
    body.on('data', arrived).on('error', cutOff).on('close', cutOff).on('aborted', cutOff);
    body.pipe(parser);
  });
}

/**
 * A file's bytes as they arrive: copied into one buffer of `room` bytes (what the body's length leaves
 * for it), so no copy of the whole file is made at its end; kept in chunks past that room, or with none.
 */
function collect(room: number) {
  let store = room > 0 ? Buffer.allocUnsafeSlow(room) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    add(chunk: Buffer) {
      if (store && size + chunk.length <= store.length) chunk.copy(store, size);
      else {
        if (store) chunks.push(store.subarray(0, size));
        store = null;
        chunks.push(chunk);
      }
      size += chunk.length;
    },
    whole(): Buffer {
      if (!store) return Buffer.concat(chunks, size);
      // Room left for the parts after it (a form of several files) is not kept.
      return store.length - size > 64 * 1024 ? Buffer.from(store.subarray(0, size)) : store.subarray(0, size);
    },
  };
}
