/**
 * Scale-out on one PostgreSQL: one `pagecast serve` and 1, then 2, `pagecast worker` processes on a
 * scratch database (PG_TEST_URL, as the tests; skipped when PostgreSQL does not answer). A burst of
 * podcasts is created through the web process and followed through its event stream, as the clients
 * do; it reports podcasts a minute (first create to last `ready`) and how long a change a worker
 * stored took to reach the follower through the web process (the `ready` event's arrival against the
 * row's updated_at, same machine clock).
 *
 *   npm run bench -- scale-out
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { followPodcast } from '../../shared/client/follow-podcast.ts';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { createScratchDatabase, POSTGRES_ADMIN_URL, probePostgres } from '../../server/test/postgres.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, median, quantile, table } from './support/report.ts';
import { unusedPort } from '../../server/test/free-port.ts';
import { sleep } from './support/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PODCASTS = 12;
const WORDS = 600;
const BROWSER = 'bench-scale-out-browser';
const INHERITED_OUT = /^(OPENAI_|TTS_|STRIPE_|DATABASE_URL$|PUBLIC_URL$|HOST$|PORT$|DATA_DIR$|JOB_|LOG_LEVEL$|NODE_ENV$|WORKER_)/;

async function start(role: 'serve' | 'worker', env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await unusedPort();
  const health = role === 'worker' ? await unusedPort() : null;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !INHERITED_OUT.test(key)));
  const child = spawn(process.execPath, ['bin/pagecast.mjs', role], {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), LOG_LEVEL: 'warn', ANONYMOUS_DAILY_PODCASTS: '100000', VOICE_DOWNLOADS: 'off', ...(health ? { WORKER_HEALTH_PORT: String(health) } : {}), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const probe = health ? `http://127.0.0.1:${health}/` : `http://127.0.0.1:${port}/api/health`;
  for (let i = 0; ; i++) {
    if ((await fetch(probe).catch(() => null))?.status === 200) break;
    if (i > 300) throw new Error(`pagecast ${role} did not start`);
    await sleep(100);
  }
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function run(workers: number, concurrency: number): Promise<{ perMinute: number; crossingMs: number[] }> {
  const scratch = await createScratchDatabase(POSTGRES_ADMIN_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-scale-'));
  const env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, JOB_CONCURRENCY: String(concurrency) };
  const procs = [await start('serve', env)];
  try {
    for (let i = 0; i < workers; i++) procs.push(await start('worker', env));
    const web = procs[0]!.base;
    const headers = { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: BROWSER };
    const started = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < PODCASTS; i++) {
      const res = await fetch(`${web}/api/podcasts`, { method: 'POST', headers, body: JSON.stringify(articleBody(WORDS, i + 1)) });
      ids.push(podcastSchema.parse(await res.json()).id);
    }
    const signal = new AbortController().signal;
    const arrivals = await Promise.all(
      ids.map(async (id) => {
        const final = await followPodcast(
          { openEvents: (podcastId, options) => fetch(`${web}/api/podcasts/${podcastId}/events`, { ...options, headers }) },
          id,
          { signal, onEvent: () => {} },
        );
        if (final.status !== 'ready') throw new Error(`podcast ${id} ended ${final.status}`);
        return { id, at: Date.now() };
      }),
    );
    const elapsedMs = Math.max(...arrivals.map((a) => a.at)) - started;
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM podcasts');
    await client.end();
    const storedAt = new Map(rows.map((r) => [r.id, r.updated_at.getTime()]));
    return { perMinute: (PODCASTS * 60_000) / elapsedMs, crossingMs: arrivals.map((a) => a.at - storedAt.get(a.id)!) };
  } finally {
    await Promise.all(procs.map((p) => stop(p.child)));
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function scaleOut(): Promise<void> {
  const problem = await probePostgres(POSTGRES_ADMIN_URL);
  if (problem) {
    console.log(`skipped: PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer (${problem})`);
    return;
  }
  console.log(`\n${PODCASTS} podcasts of ${WORDS} words (template script, espeak voice), created at once through one pagecast serve`);
  console.log(machineNote());
  const rows: string[][] = [];
  for (const [workers, concurrency] of [
    [1, 1],
    [2, 1],
    [1, 2],
    [2, 2],
  ] as const) {
    const { perMinute, crossingMs } = await run(workers, concurrency);
    rows.push([String(workers), String(concurrency), perMinute.toFixed(1), `${median(crossingMs).toFixed(0)} / ${quantile(crossingMs, 0.95).toFixed(0)}`]);
  }
  for (const line of table(['workers', 'JOB_CONCURRENCY', 'podcasts a minute', 'stored → follower ms (median / p95)'], rows)) console.log(line);
}

if (import.meta.url === `file://${process.argv[1]}`) await scaleOut();
