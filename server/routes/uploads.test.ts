/**
 * PDFs arrive as files (multipart/form-data) over a real connection: read as they stream in, alone
 * or among several sources; one over the PDF limit is answered 413 with the PDF message as soon as
 * the limit is passed (several over it together, with their own message), and a client that sends its
 * whole body without `Expect: 100-continue` reads that answer; uploads past the caps (per client, per
 * process) are answered 429 with Retry-After; one that trickles in past its deadline, or slower than
 * the least rate over a window, is answered 408 and gives its slot back;
 * a broken form, a wrong content type and a PDF inside JSON each get their own message; a form sent
 * with a session cookie must come from this site (a form, unlike JSON, needs no CORS preflight).
 */
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateResponseSchema } from '../../shared/api/podcasts.ts';
import { errorBodySchema } from '../../shared/api/error.ts';
import { podcastBody } from '../../shared/client/podcast-body.ts';
import { ANONYMOUS_TOKEN_HEADER, AUTH_COOKIE, PDF_LIMITS } from '../../shared/constants.ts';
import { PDF_MESSAGES, UPLOAD_MESSAGES } from '../../shared/errors.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { startListener, type TestListener } from '../test/listener.ts';
import { layoutDocument, prose } from '../test/pdf-document.ts';
import { waitFor } from '../test/wait.ts';

const report = layoutDocument({ title: 'Tides of the Harbour', sections: [{ heading: '1 The tides', paragraphs: [prose(3, 5), prose(4, 4)] }] });
const BOUNDARY = 'pagecast-test-boundary';

/** The start of a form whose request names one file part, `file0`, up to that file's first byte. */
const formStart = (request: object = { mode: 'read', file: { part: 'file0' } }) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(request)}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file0"; filename="tides.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
const formEnd = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request written by hand (no `Expect: 100-continue`): its body goes out as the test writes it,
 * waiting only for the socket to take it; `answer` settles once the response has arrived whole,
 * whether or not the body was all written.
 */
function openRequest(port: number, path: string, headers: http.OutgoingHttpHeaders) {
  const req = http.request({ port, host: '127.0.0.1', path, method: 'POST', agent: browserLike, headers: { [ANONYMOUS_TOKEN_HEADER]: 'upload-visitor-browser', ...headers } });
  const errors: Error[] = [];
  req.on('error', (err) => errors.push(err));
  const answer = new Promise<Answer>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
  });
  const write = (chunk: Buffer) => new Promise<void>((resolve, reject) => req.write(chunk, (err) => (err ? reject(err) : resolve())));
  const end = (chunk?: Buffer) => new Promise<void>((resolve) => req.end(chunk ?? '', () => resolve()));
  return { req, answer, write, end, errors };
}

/** Connections kept open between requests, as a browser keeps them: such a client goes on sending after an early answer. */
const browserLike = new http.Agent({ keepAlive: true });

const message = (answer: Answer) => errorBodySchema.parse(JSON.parse(answer.body)).error.message;

describe('PDFs uploaded as files', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: ReturnType<typeof createTestApp>;
  let server: TestListener;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // One proxy hop is trusted, so each test client names its own address. The caps test holds
    // uploads open on purpose (a form's first KB, then nothing), so this app has no least rate (it
    // would cut them 10 s in, and a loaded machine can take that long between the hold and the
    // answers it expects); its idle wait and deadline are safety nets. The least rate and the
    // deadline are tested on apps of their own below.
    t = createTestApp(database, {
      config: testConfig({ UPLOADS_AT_ONCE: '2', UPLOADS_PER_CLIENT: '1', TRUST_PROXY: '1' }),
      uploadTimes: { idleMs: 120_000, deadlineMs: 300_000, minBytesPerSecond: 0, rateWindowMs: 10_000 },
    });
    server = await startListener(getRequestListener(t.app.fetch));
  });
  afterAll(async () => {
    browserLike.destroy();
    await server.close();
    await database.close();
  });

  /** A whole form of the report, from `client`. */
  const upload = async (client: string, path = '/api/podcasts/estimate') => {
    const request = openRequest(server.port, path, { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'X-Forwarded-For': client });
    await request.end(Buffer.concat([formStart(), Buffer.from(report.pdf), formEnd]));
    return request.answer;
  };

  it('reads a PDF as it streams in, alone and among several sources, as the clients send it', async () => {
    const alone = await upload('10.0.1.1');
    expect(alone.status).toBe(200);
    expect(estimateResponseSchema.parse(JSON.parse(alone.body))).toMatchObject({ pages: report.pages, title: 'Tides of the Harbour' });

    // The client's own body: a form with the request as JSON and each PDF a part.
    const file = { name: 'tides.pdf', data: new Blob([Buffer.from(report.pdf)], { type: 'application/pdf' }) };
    const body = podcastBody({ sources: [{ file }, { text: prose(5, 6), title: 'A note on tides' }], mode: 'read' });
    if (!('form' in body)) throw new Error('a request with a file is sent as a form');
    const several = await fetch(`http://127.0.0.1:${server.port}/api/podcasts/estimate`, {
      method: 'POST',
      headers: { [ANONYMOUS_TOKEN_HEADER]: 'upload-visitor-browser', 'X-Forwarded-For': '10.0.1.2' },
      body: body.form,
    });
    expect(several.status).toBe(200);
    const estimate = estimateResponseSchema.parse(await several.json());
    expect(estimate.unreadable).toEqual([]);
    expect(estimate.words).toBeGreaterThan(200);
    expect(t.deps.uploads.size).toBe(0);
  });

  it('answers an upload over the PDF limit with 413 and the PDF message once the limit is passed, readable without Expect: 100-continue', async () => {
    const total = PDF_LIMITS.maxBytes + 1024 * 1024;
    const start = formStart();
    const request = openRequest(server.port, '/api/podcasts', {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': String(start.length + total + formEnd.length),
      'X-Forwarded-For': '10.0.2.1',
    });
    await request.write(start);
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    for (let sent = chunk.length; sent < total; sent += chunk.length) await request.write(chunk);
    // The body is not finished (a chunk is still to come), and the whole answer is already here.
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    expect(message(answer)).toBe(PDF_MESSAGES.tooLarge);
    // A client slower than a plain server's drain of half a second still sends its last bytes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await request.write(chunk);
    await request.end(formEnd);
    expect(request.errors).toEqual([]);
    await waitFor(
      async () => t.deps.uploads.size,
      (size) => size === 0,
    );
  });

  it('answers PDFs over the limit together, none over it alone, with 413 and their own message', async () => {
    const twelve = 12 * 1024 * 1024;
    const second = Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file1"; filename="tides-2.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const start = formStart({ sources: [{ file: { part: 'file0' } }, { file: { part: 'file1' } }], mode: 'read' });
    const request = openRequest(server.port, '/api/podcasts', {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      // Declared, as a browser declares a form's length: past the cap, yet no PDF is.
      'Content-Length': String(start.length + twelve + second.length + twelve + formEnd.length),
      'X-Forwarded-For': '10.0.2.2',
    });
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const sending = (async () => {
      await request.write(start);
      for (let sent = 0; sent < twelve; sent += chunk.length) await request.write(chunk);
      await request.write(second);
      for (let sent = 0; sent < twelve; sent += chunk.length) await request.write(chunk);
      await request.end(formEnd);
    })();
    const answer = await request.answer;
    expect(answer.status).toBe(413);
    expect(message(answer)).toBe(PDF_MESSAGES.tooLargeTogether);
    await sending;
    expect(request.errors).toEqual([]);
    await waitFor(
      async () => t.deps.uploads.size,
      (size) => size === 0,
    );
  });

  it('answers uploads past the cap per client and per process with 429 and Retry-After, and takes them again once they end or are given up', async () => {
    const held: ReturnType<typeof openRequest>[] = [];
    try {
      for (const client of ['10.0.3.1', '10.0.3.2']) {
        const request = openRequest(server.port, '/api/podcasts/estimate', { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'X-Forwarded-For': client });
        await request.write(Buffer.concat([formStart(), Buffer.from(report.pdf).subarray(0, 1000)]));
        held.push(request);
        await waitFor(
          async () => t.deps.uploads.size,
          (size) => size === held.length,
        );
      }

      const sameClient = await upload('10.0.3.1');
      expect(sameClient.status).toBe(429);
      expect(sameClient.headers['retry-after']).toBe('5');
      expect(message(sameClient)).toBe(`${UPLOAD_MESSAGES.clientBusy(1)} Try again in 5 seconds.`);
      const another = await upload('10.0.3.3');
      expect(another.status).toBe(429);
      expect(message(another)).toBe(`${UPLOAD_MESSAGES.busy} Try again in 5 seconds.`);

      // One sender gives up halfway, the other finishes: both places are free again.
      held[0]!.req.destroy();
      await held[1]!.end(Buffer.concat([Buffer.from(report.pdf).subarray(1000), formEnd]));
      expect((await held[1]!.answer).status).toBe(200);
      await waitFor(
        async () => t.deps.uploads.size,
        (size) => size === 0,
      );
      expect((await upload('10.0.3.3')).status).toBe(200);
    } finally {
      // Whatever happened above, no upload of this test holds a slot into the next one.
      for (const request of held) request.req.destroy();
      await waitFor(
        async () => t.deps.uploads.size,
        (size) => size === 0,
      );
    }
  });

  it('refuses a broken form, a wrong content type and a PDF inside JSON, each with its message', async () => {
    const send = async (headers: http.OutgoingHttpHeaders, body: Buffer | string) => {
      const request = openRequest(server.port, '/api/podcasts', { 'X-Forwarded-For': '10.0.4.1', ...headers });
      await request.end(typeof body === 'string' ? Buffer.from(body) : body);
      const answer = await request.answer;
      return { status: answer.status, message: message(answer) };
    };
    const form = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
    // Cut off before its closing boundary.
    expect(await send(form, Buffer.concat([formStart(), Buffer.from(report.pdf)]))).toEqual({ status: 400, message: UPLOAD_MESSAGES.malformed });
    // No boundary at all.
    expect(await send({ 'Content-Type': 'multipart/form-data' }, 'file')).toEqual({ status: 400, message: UPLOAD_MESSAGES.malformed });
    // The request names a part the form does not hold.
    const named = Buffer.concat([formStart({ file: { part: 'report' } }), Buffer.from(report.pdf), formEnd]);
    expect(await send(form, named)).toEqual({ status: 400, message: UPLOAD_MESSAGES.missingPart('report') });
    expect(await send({ 'Content-Type': 'text/plain' }, 'https://example.com/a')).toEqual({ status: 415, message: UPLOAD_MESSAGES.contentType });
    const inJson = JSON.stringify({ file: { name: 'tides.pdf', data: Buffer.from(report.pdf).toString('base64') } });
    expect(await send({ 'Content-Type': 'application/json' }, inJson)).toEqual({ status: 400, message: UPLOAD_MESSAGES.asPart });
    expect(t.deps.uploads.size).toBe(0);
  });

  /** Sends the report's form to `port` a byte at a time every `everyMs` until answered or `most` bytes are out. */
  async function trickle(port: number, client: string, everyMs: number, most: number) {
    const form = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'X-Forwarded-For': client };
    const request = openRequest(port, '/api/podcasts/estimate', form);
    await request.write(formStart());
    const pdf = Buffer.from(report.pdf);
    let answered = false;
    void request.answer.then(() => (answered = true));
    let sent = 0;
    for (; !answered && sent < Math.min(most, pdf.length); sent++) {
      await request.write(pdf.subarray(sent, sent + 1));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    return { request, form, pdf, sent, answered };
  }

  it('answers an upload that trickles in past its deadline with 408 and gives its slot back', async () => {
    // Shortened, and no least rate: a byte every 100 ms keeps the upload from idling out (400 ms), not from its deadline (1.5 s).
    const slow = createTestApp(database, {
      config: testConfig({ UPLOADS_AT_ONCE: '2', UPLOADS_PER_CLIENT: '1', TRUST_PROXY: '1' }),
      uploadTimes: { idleMs: 400, deadlineMs: 1_500, minBytesPerSecond: 0, rateWindowMs: 1_000 },
    });
    const slowServer = await startListener(getRequestListener(slow.app.fetch));
    try {
      const { request, form, pdf } = await trickle(slowServer.port, '10.0.5.1', 100, Infinity);
      const answer = await request.answer;
      expect(answer.status).toBe(408);
      expect(message(answer)).toBe(UPLOAD_MESSAGES.tooSlow);
      expect(slow.deps.uploads.size).toBe(0);
      request.req.destroy();

      // The same client's next upload takes the slot the trickle held (what the estimate then says is not this test's).
      const next = openRequest(slowServer.port, '/api/podcasts/estimate', form);
      await next.end(Buffer.concat([formStart(), pdf, formEnd]));
      const answerToNext = await next.answer;
      expect(answerToNext.status).not.toBe(429);
      expect(answerToNext.status).not.toBe(408);
    } finally {
      await slowServer.close();
    }
  });

  it('cuts an upload slower than the least rate over a window with 408, long before its deadline', async () => {
    // At least 1,000 bytes a second over each 300 ms: a byte every 20 ms (50 a second) is cut within a window or two.
    const slow = createTestApp(database, {
      config: testConfig({ UPLOADS_AT_ONCE: '2', UPLOADS_PER_CLIENT: '1', TRUST_PROXY: '1' }),
      uploadTimes: { idleMs: 30_000, deadlineMs: 120_000, minBytesPerSecond: 1_000, rateWindowMs: 300 },
    });
    const slowServer = await startListener(getRequestListener(slow.app.fetch));
    try {
      // Far from its end (the report is several KB) and far from the deadline, the trickle is answered.
      const { request, form, pdf, sent, answered } = await trickle(slowServer.port, '10.0.5.2', 20, 2_000);
      expect(answered).toBe(true);
      expect(sent).toBeLessThan(2_000);
      const answer = await request.answer;
      expect(answer.status).toBe(408);
      expect(message(answer)).toBe(UPLOAD_MESSAGES.tooSlow);
      expect(slow.deps.uploads.size).toBe(0);
      request.req.destroy();

      // A form sent at once is read whole under the same rule.
      const next = openRequest(slowServer.port, '/api/podcasts/estimate', form);
      await next.end(Buffer.concat([formStart(), pdf, formEnd]));
      expect((await next.answer).status).not.toBe(408);
    } finally {
      await slowServer.close();
    }
  });

  it('takes a form with a session cookie only when the browser says it comes from this origin', async () => {
    const registered = await t.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'form-sender@example.com', password: 'secret-password' }),
    });
    const { token } = (await registered.json()) as { token: string };
    const file = { name: 'tides.pdf', data: new Blob([Buffer.from(report.pdf)], { type: 'application/pdf' }) };
    const send = (headers: Record<string, string>) => {
      const body = podcastBody({ file, mode: 'read' });
      return t.app.request('/api/podcasts/estimate', {
        method: 'POST',
        headers: { Cookie: `${AUTH_COOKIE.name}=${token}`, ...headers },
        body: 'form' in body ? body.form : null,
      });
    };
    expect((await send({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // A page on another port of this host, or a sibling subdomain: the same site, another origin.
    expect((await send({ 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await send({ Origin: 'http://localhost:8788' })).status).toBe(403);
    // Neither Sec-Fetch-Site nor Origin: a form must say where it comes from.
    expect((await send({})).status).toBe(403);
    expect((await send({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });
});
