/**
 * Fair conversions between members, on a real server process with the embedded defaults (template
 * script, espeak voice, JOB_CONCURRENCY's two job slots): one member creates eight long podcasts at
 * once (LONG_WORDS-word articles), and once two of them run another member creates a two-sentence
 * one. It reports how long that short podcast waited from create to ready, when the first long one
 * was ready (none yet: the short one did not wait for a slot to free), and how many of the eight had
 * not started when the short one was ready (first-in-first-out: none). In the
 * embedded mode (PGlite) and with PostgreSQL (a scratch database at PG_TEST_URL, as the tests;
 * skipped when it does not answer).
 *
 *   npm run bench -- fairness
 */
import { pathToFileURL } from 'node:url';
import type { Podcast } from '../../shared/api/podcasts.ts';
import { createScratchDatabase, POSTGRES_ADMIN_URL, probePostgres } from '../../server/test/postgres.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, seconds, table } from './support/report.ts';
import { BenchClient, sleep, startServer, warmUp, type ServerProcess } from './support/server.ts';

const LONG_PODCASTS = 8;
/** The long readings: about 12,800 words each. */
const LONG_WORDS = 12_800;
const TIMEOUT_MS = 600_000;
const SHORT_ARTICLE = {
  title: 'Bees and the Colour Blue',
  text: 'Bees see blue better than any other colour.\nGardeners who plant lavender see more bees by noon.',
  sourceUrl: 'https://example.com/bench/bees',
};

/** A client signed in as a new member. */
async function member(server: ServerProcess, name: string): Promise<BenchClient> {
  const res = await fetch(`${server.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${name}-${process.pid}-${Date.now()}@example.com`, password: 'bench-password-1' }),
  });
  if (res.status !== 201) throw new Error(`POST /api/auth/register answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const client = new BenchClient(server);
  client.headers.Authorization = `Bearer ${token}`;
  return client;
}

interface Fairness {
  waitedMs: number;
  firstLongMs: number;
  notStarted: number;
}

async function measure(env: Record<string, string>): Promise<Fairness> {
  const server = await startServer(env);
  try {
    const busy = await member(server, 'busy');
    const other = await member(server, 'other');
    await warmUp(other);

    const createdAt = performance.now();
    const series = await Promise.all(Array.from({ length: LONG_PODCASTS }, (_, i) => busy.create(articleBody(LONG_WORDS, i + 1))));
    const readAll = () => Promise.all(series.map((p) => busy.get(p.id)));
    const running = (all: Podcast[]) => all.filter((p) => p.status !== 'queued').length;
    const deadline = performance.now() + TIMEOUT_MS;
    while (running(await readAll()) < 2) {
      if (performance.now() > deadline) throw new Error('the long podcasts did not start');
      await sleep(100);
    }

    const postedAt = performance.now();
    const short = await other.create(SHORT_ARTICLE);
    let firstLongMs = Number.NaN;
    for (;;) {
      const [mine, all] = await Promise.all([other.get(short.id), readAll()]);
      if (Number.isNaN(firstLongMs) && all.some((p) => p.status === 'ready')) firstLongMs = performance.now() - createdAt;
      if (mine.status === 'failed') throw new Error(`the short podcast failed: ${mine.error}\n${server.stderrTail()}`);
      if (mine.status === 'ready') return { waitedMs: performance.now() - postedAt, firstLongMs, notStarted: all.length - running(all) };
      if (performance.now() > deadline) throw new Error(`the short podcast was still ${mine.status} after ${TIMEOUT_MS / 1000} s`);
      await sleep(100);
    }
  } finally {
    await server.stop();
  }
}

export default async function benchFairness(): Promise<void> {
  console.log(`\none member creates ${LONG_PODCASTS} podcasts of ${LONG_WORDS.toLocaleString('en-US')} words at once, another a two-sentence one once two of those run; embedded defaults, two job slots`);
  console.log(machineNote());
  const modes: { name: string; env: Record<string, string>; cleanup?: () => Promise<unknown> }[] = [{ name: 'embedded (PGlite)', env: {} }];
  const problem = await probePostgres(POSTGRES_ADMIN_URL);
  if (problem) console.log(`PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer (${problem}): its row is skipped`);
  else {
    const scratch = await createScratchDatabase(POSTGRES_ADMIN_URL);
    modes.push({ name: 'PostgreSQL', env: { DATABASE_URL: scratch.url }, cleanup: () => scratch.drop() });
  }
  const rows: string[][] = [];
  try {
    for (const mode of modes) {
      const { waitedMs, firstLongMs, notStarted } = await measure(mode.env);
      rows.push([mode.name, seconds(waitedMs), Number.isNaN(firstLongMs) ? 'none yet' : seconds(firstLongMs), `${notStarted} of ${LONG_PODCASTS}`]);
    }
  } finally {
    for (const mode of modes) await mode.cleanup?.();
  }
  const header = ['database', 'short podcast: create to ready (s)', 'first long one: create to ready (s)', 'long ones not started then'];
  for (const line of table(header, rows)) console.log(line);
  console.log(machineNote());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchFairness();
