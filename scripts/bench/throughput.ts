/**
 * The API's throughput and the server's idle memory, on one server process (`npm start`'s role: web
 * app, API and jobs), in the embedded mode (PGlite under DATA_DIR) and with PostgreSQL (a scratch
 * database at PG_TEST_URL, as the tests; skipped when it does not answer).
 *
 * (a) Requests a second for `GET /api/health` and `GET /api/podcasts` (one browser with 20 ready
 *     podcasts), from concurrent keep-alive requests for 5 s each. The load comes from this process,
 *     on the same machine: on few cores it takes CPU from the server, so read the figures as a floor.
 * (b) Resident memory (VmRSS) of the server idle: after it answers, a few requests, and a few seconds
 *     to settle. The embedded mode is measured at a first start (a fresh DATA_DIR: PGlite runs initdb)
 *     and at a restart over the same DATA_DIR, the usual case.
 *
 * Podcasts a minute with 1 and 2 workers is the `scale-out` section.
 *
 *   npm run bench -- throughput
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createScratchDatabase, POSTGRES_ADMIN_URL, probePostgres } from '../../server/test/postgres.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, table } from './support/report.ts';
import { sleep, startServer, type ServerProcess } from './support/server.ts';

const PODCASTS = 20;
const CONCURRENCY = 16;
const DURATION_MS = 5_000;
const SETTLE_MS = 5_000;
const BROWSER = 'bench-throughput-browser';

/** The server's resident memory in MB, from /proc (Linux); NaN elsewhere. */
function residentMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** GET `url` from `CONCURRENCY` loops on keep-alive connections for `DURATION_MS`; answers a second. */
async function load(base: string, url: string): Promise<{ perSecond: number; failed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const { hostname, port } = new URL(base);
  const get = () =>
    new Promise<number>((resolve) => {
      const req = http.get({ agent, hostname, port, path: url, headers: { [ANONYMOUS_TOKEN_HEADER]: BROWSER } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  let ok = 0;
  let failed = 0;
  const until = Date.now() + DURATION_MS;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        if ((await get()) === 200) ok++;
        else failed++;
      }
    }),
  );
  const elapsed = Date.now() - started;
  agent.destroy();
  return { perSecond: (ok * 1000) / elapsed, failed };
}

/** Idle resident memory: a few requests, then `SETTLE_MS` without any. */
async function idleMemory(server: ServerProcess): Promise<number> {
  for (let i = 0; i < 10; i++) {
    await fetch(`${server.base}/api/health`).then((r) => r.text());
    await fetch(`${server.base}/api/podcasts`, { headers: { [ANONYMOUS_TOKEN_HEADER]: BROWSER } }).then((r) => r.text());
  }
  await sleep(SETTLE_MS);
  return residentMb(server.child.pid!);
}

async function fillBrowser(server: ServerProcess) {
  const headers = { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: BROWSER };
  for (let i = 0; i < PODCASTS; i++) {
    const res = await fetch(`${server.base}/api/podcasts`, { method: 'POST', headers, body: JSON.stringify(articleBody(40, i + 1)) });
    if (res.status !== 201) throw new Error(`POST /api/podcasts answered ${res.status}: ${await res.text()}`);
  }
  // Every job done, so no conversion takes CPU from the requests measured.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const list = (await (await fetch(`${server.base}/api/podcasts`, { headers })).json()) as { podcasts?: { status: string }[] } | { status: string }[];
    const items = Array.isArray(list) ? list : (list.podcasts ?? []);
    if (items.length >= PODCASTS && items.every((p) => p.status === 'ready' || p.status === 'failed')) return;
    if (Date.now() > deadline) throw new Error('the podcasts were not made within 5 minutes');
    await sleep(500);
  }
}

interface Mode {
  name: string;
  env: Record<string, string>;
  cleanup?: () => Promise<void>;
}

export default async function throughput(): Promise<void> {
  console.log(`\none server process (web app, API and jobs); ${CONCURRENCY} concurrent keep-alive requests for ${DURATION_MS / 1000} s each, from this process`);
  console.log(machineNote());
  const modes: Mode[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-throughput-'));
  modes.push({ name: 'embedded (PGlite)', env: { DATA_DIR: dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) });
  const problem = await probePostgres(POSTGRES_ADMIN_URL);
  if (problem) console.log(`PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer (${problem}): its rows are skipped`);
  else {
    const scratch = await createScratchDatabase(POSTGRES_ADMIN_URL);
    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-throughput-pg-'));
    modes.push({
      name: 'PostgreSQL',
      env: { DATABASE_URL: scratch.url, DATA_DIR: pgDataDir },
      cleanup: async () => {
        await scratch.drop();
        fs.rmSync(pgDataDir, { recursive: true, force: true });
      },
    });
  }

  const speed: string[][] = [];
  const memory: string[][] = [];
  try {
    for (const mode of modes) {
      // A first start (for PGlite: initdb in a fresh DATA_DIR), measured idle, then the browser filled.
      let server = await startServer(mode.env);
      try {
        const first = await idleMemory(server);
        memory.push([mode.name + (mode.env.DATABASE_URL ? '' : ', first start (initdb)'), first.toFixed(0)]);
        await fillBrowser(server);
      } finally {
        await server.stop();
      }
      // A restart over the same data: the usual case, and the one the throughput is measured on.
      server = await startServer(mode.env);
      try {
        memory.push([mode.name + ', restart', (await idleMemory(server)).toFixed(0)]);
        for (const url of ['/api/health', '/api/podcasts']) {
          const { perSecond, failed } = await load(server.base, url);
          speed.push([mode.name, `GET ${url}`, perSecond.toFixed(0), String(failed)]);
        }
        memory.push([mode.name + ', after the load', (await idleMemory(server)).toFixed(0)]);
      } finally {
        await server.stop();
      }
    }
  } finally {
    for (const mode of modes) await mode.cleanup?.();
  }
  for (const line of table(['database', 'request', 'requests a second', 'not 200'], speed)) console.log(line);
  console.log('');
  for (const line of table(['server idle', 'resident MB'], memory)) console.log(line);
}

if (import.meta.url === `file://${process.argv[1]}`) await throughput();
