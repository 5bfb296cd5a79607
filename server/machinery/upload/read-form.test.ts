/** A form read as it arrives: every file's bytes and SHA-256 whole, however the body is cut; past the cap, the PDF message. */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PDF_MESSAGES, UPLOAD_MESSAGES } from '../../../shared/errors.ts';
import { readForm, type FormLimits } from './read-form.ts';

const BOUNDARY = 'read-form-test';
const part = (name: string, bytes: Buffer, filename?: string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`),
    bytes,
    Buffer.from('\r\n'),
  ]);
const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
/** The body in pieces of `size` bytes, as a socket hands it over. */
const inPieces = (body: Buffer, size: number) => Readable.from(Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size)));
const limits: FormLimits = { bodyBytes: 1 << 22, fileBytes: 1 << 21, fieldBytes: 1 << 16, parts: 4, idleMs: 5_000, deadlineMs: 10_000 };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

describe('readForm', () => {
  const first = randomBytes(300_000);
  const second = randomBytes(70_000);
  const body = form(part('request', Buffer.from('{"sources":[]}')), part('a', first, 'first.pdf'), part('b', second, 'Übersicht.pdf'));

  it.each([
    ['with its declared length', { declaredBytes: body.length }, 65_536],
    ['without one', {}, 65_536],
    ['in odd pieces', { declaredBytes: body.length }, 7_001],
  ])('reads the fields and every file whole, %s', async (_name, declared, piece) => {
    const read = await readForm(inPieces(body, piece), `multipart/form-data; boundary=${BOUNDARY}`, { ...limits, ...declared });
    expect(read.fields.get('request')).toBe('{"sources":[]}');
    const a = read.files.get('a')!;
    const b = read.files.get('b')!;
    expect([a.name, Buffer.compare(Buffer.from(a.bytes), first), a.sha256]).toEqual(['first.pdf', 0, sha256(first)]);
    expect([b.name, Buffer.compare(Buffer.from(b.bytes), second), b.sha256]).toEqual(['Übersicht.pdf', 0, sha256(second)]);
  });

  it('refuses one file over the cap with the PDF message, several over it together with their own', async () => {
    const alone = readForm(inPieces(body, 65_536), `multipart/form-data; boundary=${BOUNDARY}`, { ...limits, fileBytes: 250_000 });
    await expect(alone).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PDF_MESSAGES.tooLarge });
    const together = readForm(inPieces(body, 65_536), `multipart/form-data; boundary=${BOUNDARY}`, { ...limits, fileBytes: 350_000 });
    await expect(together).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PDF_MESSAGES.tooLargeTogether });
  });

  it('refuses a body that trickles in past its deadline, though never idle that long', async () => {
    const trickle = new Readable({ read() {} });
    trickle.push(body.subarray(0, 1000));
    const timer = setInterval(() => trickle.push(body.subarray(1000, 1001)), 20);
    // A byte every 20 ms against an idle limit fifty times that: a busy machine's late ticks never make it idle.
    const read = readForm(trickle, `multipart/form-data; boundary=${BOUNDARY}`, { ...limits, idleMs: 1_000, deadlineMs: 3_000 });
    await expect(read).rejects.toMatchObject({ status: 408, message: UPLOAD_MESSAGES.tooSlow });
    clearInterval(timer);
  });

  it('refuses a body slower than its least rate over a window, long before its deadline', async () => {
    const trickle = new Readable({ read() {} });
    trickle.push(body.subarray(0, 1000));
    let sent = 1000;
    const timer = setInterval(() => trickle.push(body.subarray(sent, ++sent)), 20);
    const read = readForm(trickle, `multipart/form-data; boundary=${BOUNDARY}`, { ...limits, deadlineMs: 600_000, minRate: { bytesPerSecond: 1000, windowMs: 200 } });
    await expect(read).rejects.toMatchObject({ status: 408, message: UPLOAD_MESSAGES.tooSlow });
    clearInterval(timer);
    // Cut within a few windows: a small part of the body had arrived.
    expect(sent).toBeLessThan(1500);
  });

  it('reads a body that arrives faster than its least rate', async () => {
    const read = await readForm(inPieces(body, 65_536), `multipart/form-data; boundary=${BOUNDARY}`, { ...limits, minRate: { bytesPerSecond: 1000, windowMs: 50 } });
    expect(read.files.get('a')?.sha256).toBe(sha256(first));
  });
});
