/**
 * Progress streams (GET /api/podcasts/:id/events), in process on PGlite and on the local PostgreSQL
 * (when it answers; PG_TEST_URL names another): one member opens STREAMS streams over PODCASTS
 * podcasts still queued (no job runs, so none ends by itself). Reports how long opening them takes, the API's latency (GET /api/health and GET /api/podcasts)
 * idle, while they open and while they are open, one re-read round of every open stream (as when the
 * relay reconnects, or the 15 s safety net), and how many streams the caps leave open; then the same
 * with the caps lifted, for the cost of the streams themselves.
 *
 *   npm run bench -- streams
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createDeps } from '../../server/wiring.ts';
import { createScratchDatabase, POSTGRES_ADMIN_URL, probePostgres } from '../../server/test/postgres.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, quantile, table } from './support/report.ts';

const STREAMS = 150;
const PODCASTS = 30;
const PROBES = 40;
const PROBE_EVERY_MS = 20;
const ARTICLE_WORDS = 1500;

type App = ReturnType<typeof createApp>;

interface OpenStream {
  firstEventMs: number;
  chunks: number;
  ended: boolean;
  /** Resolves at the next chunk or the end. */
  next(): Promise<void>;
  cancel(): Promise<void>;
}

async function openStream(app: App, url: string, headers: Record<string, string>): Promise<OpenStream> {
  const started = performance.now();
  const res = await app.request(url, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}`);
  const reader = res.body.getReader();
  await reader.read();
  let waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters) w();
    waiters = [];
  };
  const stream: OpenStream = {
    firstEventMs: performance.now() - started,
    chunks: 0,
    ended: false,
    next: () => (stream.ended ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    cancel: () => reader.cancel().catch(() => {}),
  };
  void (async () => {
    try {
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
        stream.chunks++;
        wake();
      }
    } catch {
      // cancelled
    }
    stream.ended = true;
    wake();
  })();
  return stream;
}

/** Latencies (ms) of `task` asked back to back, `count` times. */
async function probe(task: () => Response | Promise<Response>, count: number): Promise<number[]> {
  const times: number[] = [];
  while (times.length < count) times.push(await timed(task));
  return times;
}

/**
 * Latencies (ms) of `task` due every PROBE_EVERY_MS until `until` settles, each counted from when it
 * was due, whether the last one answered or not: a stalled event loop delays the start of the next.
 */
async function probeMeanwhile(task: () => Response | Promise<Response>, until: Promise<unknown>): Promise<number[]> {
  const pending: Promise<number>[] = [];
  let due = performance.now();
  const startDue = () => {
    for (; due <= performance.now(); due += PROBE_EVERY_MS) pending.push(timed(task, due));
  };
  startDue();
  const timer = setInterval(startDue, PROBE_EVERY_MS);
  await until.finally(() => clearInterval(timer));
  startDue(); // those that fell due while the loop could not start them
  return Promise.all(pending);
}

async function timed(task: () => Response | Promise<Response>, started = performance.now()): Promise<number> {
  const res = await task();
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`probe answered ${res.status}`);
  return performance.now() - started;
}

const ms = (v: number) => v.toFixed(1);
const row = (name: string, times: number[]) => [name, String(times.length), ms(quantile(times, 0.5)), ms(quantile(times, 0.95)), ms(Math.max(...times))];

export default async function benchStreams(): Promise<void> {
  console.log(machineNote());
  console.log(`${STREAMS} streams of one member over ${PODCASTS} queued podcasts (${ARTICLE_WORDS}-word articles), in process`);
  const unreachable = await probePostgres(POSTGRES_ADMIN_URL);
  if (unreachable) console.log(`PostgreSQL skipped: ${unreachable}`);
  for (const capped of [true, false]) {
    await runOn('pglite', capped);
    if (!unreachable) await runOn('postgres', capped);
  }
}

async function runOn(kind: 'pglite' | 'postgres', capped: boolean): Promise<void> {
  const scratch = kind === 'postgres' ? await createScratchDatabase(POSTGRES_ADMIN_URL) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-streams-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    FREE_DAILY_PODCASTS: '1000',
    ...(capped ? {} : { EVENT_STREAMS_PER_OWNER: String(STREAMS), EVENT_STREAMS_PER_PODCAST: String(STREAMS) }),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir: 'memory://' });
  const streams: OpenStream[] = [];
  try {
    const deps = await createDeps(config, database, createLogger('silent'));
    const app = createApp(deps);
    const register = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bench-streams@example.com', password: 'correct-horse-battery' }),
    });
    const { token } = (await register.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    const ids: string[] = [];
    for (let i = 0; i < PODCASTS; i++) {
      const res = await app.request('/api/podcasts', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(articleBody(ARTICLE_WORDS, i + 1)),
      });
      if (res.status !== 201) throw new Error(`creating a podcast answered ${res.status}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const health = () => app.request('/api/health');
    const list = () => app.request('/api/podcasts', { headers: auth });

    const idleHealth = await probe(health, PROBES);
    const idleList = await probe(list, PROBES);

    const started = performance.now();
    const opening = Promise.all(ids.flatMap((id) => Array.from({ length: STREAMS / PODCASTS }, () => openStream(app, `/api/podcasts/${id}/events`, auth))));
    const healthOpening = await probeMeanwhile(health, opening);
    streams.push(...(await opening));
    const openingMs = performance.now() - started;

    const openHealth = await probe(health, PROBES);
    const openList = await probe(list, PROBES);

    // One re-read round: every stream still open reads its podcast again and sends it (unchanged: a comment).
    const live = streams.filter((s) => !s.ended);
    const rereadStarted = performance.now();
    const round = Promise.all(live.map((s) => s.next()));
    deps.events.resync();
    const healthReread = await probeMeanwhile(health, round);
    const rereadMs = performance.now() - rereadStarted;

    console.log(`\n${kind}, ${capped ? 'default caps' : 'caps lifted'}:`);
    const first = streams.map((s) => s.firstEventMs);
    console.log(
      `opening all: ${ms(openingMs)} ms; first event of a stream: median ${ms(quantile(first, 0.5))} ms, p95 ${ms(quantile(first, 0.95))} ms, max ${ms(Math.max(...first))} ms`,
    );
    console.log(`streams still open after opening all: ${streams.filter((s) => !s.ended).length}`);
    console.log(`one re-read round of the ${live.length} open streams: ${ms(rereadMs)} ms`);
    for (const line of table(
      ['request (ms)', 'n', 'median', 'p95', 'max'],
      [
        row('GET /api/health idle', idleHealth),
        row('GET /api/podcasts idle', idleList),
        row('GET /api/health while streams open', healthOpening),
        row('GET /api/health with streams open', openHealth),
        row('GET /api/podcasts with streams open', openList),
        row('GET /api/health during the re-read', healthReread),
      ],
    )) {
      console.log(line);
    }
    deps.events.closeAll();
    await Promise.all(streams.map((s) => s.cancel()));
    await deps.events.close();
  } finally {
    await Promise.all(streams.map((s) => s.cancel()));
    await database.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
