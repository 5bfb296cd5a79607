/**
 * PDFs uploaded as files (multipart/form-data, read as they arrive). In process: the longest stall
 * of the event loop while one 15 MB form is parsed and hashed. Against a real server (`npm start`'s
 * build): GET /api/health's latency (median and worst) while eight 15 MB PDFs are uploaded at once to
 * the estimate, the server's resident memory before, at its peak and after, and the answers; once with
 * the upload caps opened to eight, once with the defaults (the rest answered 429 at once).
 *
 *   npm run bench -- uploads
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { readForm } from '../../server/machinery/upload/read-form.ts';
import { prose, writePdf } from '../../server/test/pdf-document.ts';
import { machineNote, median, table } from './support/report.ts';
import { probeHealth, rssOf, sleep, startServer, type ServerProcess } from './support/server.ts';

const UPLOADS = 8;
const PDF_BYTES = 15 * 1024 * 1024;
const BOUNDARY = 'pagecast-bench-boundary';

/** A form of one 15 MB PDF, each one different (its padding is random), so none is a file the server just read. */
const makeForm = () =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="request"\r\n\r\n{"file":{"part":"file0"},"mode":"read"}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file0"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(writePdf([{ texts: [{ text: prose(2, 3).slice(0, 90), x: 72, y: 700, size: 11 }] }], { title: 'A large report', padding: PDF_BYTES })),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function upload(server: ServerProcess, client: number, form = makeForm()): Promise<{ status: number; ms: number; message: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.base}/api/podcasts/estimate`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length': String(form.length),
        [ANONYMOUS_TOKEN_HEADER]: `bench-uploader-${process.pid}-${client}`,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (text: string) => (body += text));
      res.on('end', () => {
        const message = res.statusCode === 200 ? '' : ((JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body);
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, message });
      });
    });
    req.end(form);
  });
}


async function scenario(caps: Record<string, string>, label: string, refusals: Set<string>): Promise<string[]> {
  const server = await startServer({ ...caps, FETCHES_PER_HOUR: '1000', FAILED_FETCHES_PER_HOUR: '1000' });
  try {
    // Warm: the extraction worker and the routes loaded, then memory settled.
    await upload(server, 0);
    await sleep(1000);
    const idle = await probeHealth(server, sleep(1000));
    const before = rssOf(server);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server))), 50);
    const forms = Array.from({ length: UPLOADS }, makeForm);
    const started = performance.now();
    const all = Promise.all(forms.map((form, i) => upload(server, i + 1, form)));
    const during = await probeHealth(server, all);
    const answers = await all;
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    const after = rssOf(server);
    await sleep(3000);
    const settled = rssOf(server);
    for (const answer of answers) if (answer.message) refusals.add(`${answer.status}: ${answer.message}`);
    const statuses = [...new Set(answers.map((a) => a.status))].map((s) => `${answers.filter((a) => a.status === s).length}× ${s}`).join(', ');
    return [
      label,
      `${ms(median(idle))} / ${ms(Math.max(...idle))}`,
      `${ms(median(during))} / ${ms(Math.max(...during))}`,
      statuses,
      ms(wallMs),
      `${mb(before)} → ${mb(peak)} → ${mb(after)} (${mb(settled)} 3 s later)`,
    ];
  } finally {
    await server.stop();
  }
}

/** The longest event-loop stall while one form of a 15 MB PDF is parsed and hashed, as 64 KiB chunks arrive. */
async function parseStall(): Promise<{ bytes: number; maxMs: number; totalMs: number }> {
  const form = makeForm();
  const chunks = Array.from({ length: Math.ceil(form.length / 65536) }, (_, i) => form.subarray(i * 65536, (i + 1) * 65536));
  const body = new Readable({ read() {} });
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  const read = readForm(body, `multipart/form-data; boundary=${BOUNDARY}`, {
    bodyBytes: form.length + 1,
    fileBytes: PDF_BYTES * 2,
    fieldBytes: 65536,
    parts: 4,
    idleMs: 30_000,
    deadlineMs: 120_000,
    declaredBytes: form.length,
  });
  // As a socket delivers them: a chunk a turn of the loop.
  for (const chunk of chunks) {
    body.push(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  body.push(null);
  await read;
  const totalMs = performance.now() - started;
  histogram.disable();
  return { bytes: form.length, maxMs: histogram.max / 1e6, totalMs };
}

export default async function run(): Promise<void> {
  console.log(machineNote());
  const stall = await parseStall();
  console.log(
    `one ${mb(stall.bytes)} form parsed and hashed in process (64 KiB chunks): ${ms(stall.totalMs)}, longest event-loop stall ${stall.maxMs.toFixed(1)} ms`,
  );
  const refusals = new Set<string>();
  const rows = [
    await scenario({ UPLOADS_AT_ONCE: String(UPLOADS), UPLOADS_PER_CLIENT: String(UPLOADS) }, `caps opened to ${UPLOADS}`, refusals),
    await scenario({}, 'default caps', refusals),
  ];
  console.log(`${UPLOADS} uploads of a ${mb(PDF_BYTES)} PDF at once to POST /api/podcasts/estimate, each from its own browser on one address:`);
  console.log(
    table(['server', 'health idle (median / worst)', `health during (median / worst)`, 'answers', 'all answered in', 'memory before → peak → after'], rows).join(
      '\n',
    ),
  );
  for (const refusal of refusals) console.log(`  ${refusal}`);
}
