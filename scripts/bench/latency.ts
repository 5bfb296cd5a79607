/**
 * API latency under conversion load, on a real server process with the embedded defaults (PGlite,
 * template script, espeak voice): `GET /api/health` asked back to back for PROBE_MS, once with the
 * server idle and once while two long conversions (5,000-word articles) run. A conversion that
 * finishes during the probe is replaced by a new one, so two are in flight throughout.
 *
 *   npm run bench -- latency
 */
import { pathToFileURL } from 'node:url';
import { articleBody } from './support/articles.ts';
import { machineNote, quantile, table, verdict } from './support/report.ts';
import { BenchClient, sleep, startServer, warmUp } from './support/server.ts';

const PROBE_MS = 5_000;
const CONVERSIONS = 2;
const CONVERSION_WORDS = 5_000;
/** p99 while converting may be at most this many times the idle p99. */
const TARGET_RATIO = 2;

/** Latencies (ms) of sequential GET /api/health requests for `durationMs`. */
async function probeHealth(base: string, durationMs: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.text();
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Keeps `count` conversions running until stopped; returns how many were started and finished. */
function keepConverting(client: BenchClient, count: number) {
  let stopping = false;
  let seed = 100;
  let started = 0;
  let finished = 0;
  const inFlight = new Set<string>();
  const firstPosts: Promise<void>[] = [];
  const slot = async (ready: () => void) => {
    while (!stopping) {
      const podcast = await client.create(articleBody(CONVERSION_WORDS, seed++));
      started += 1;
      inFlight.add(podcast.id);
      ready();
      for (;;) {
        if (stopping) return;
        const { status, error } = await client.get(podcast.id);
        if (status === 'failed') throw new Error(`a conversion failed: ${error}`);
        if (status === 'ready') break;
        await sleep(250);
      }
      inFlight.delete(podcast.id);
      finished += 1;
    }
  };
  const slots = Array.from({ length: count }, () => {
    let ready!: () => void;
    firstPosts.push(new Promise<void>((resolve) => (ready = resolve)));
    return slot(ready);
  });
  return {
    /** Resolves once every slot's first conversion was accepted; rejects when a slot failed. */
    running: Promise.race([Promise.all(firstPosts), Promise.all(slots)]),
    async stop() {
      stopping = true;
      await Promise.all(slots);
      for (const id of inFlight) await client.remove(id);
      return { started, finished };
    },
  };
}

function row(label: string, times: number[]): string[] {
  return [label, String(times.length), quantile(times, 0.5).toFixed(1), quantile(times, 0.99).toFixed(1), Math.max(...times).toFixed(1)];
}

export default async function benchLatency(): Promise<void> {
  console.log(machineNote());
  console.log(`\n### 3. API latency: GET /api/health, sequential, ${PROBE_MS / 1000} s each (embedded defaults)`);
  const server = await startServer();
  try {
    const client = new BenchClient(server);
    await warmUp(client);
    await sleep(500);
    const idle = await probeHealth(server.base, PROBE_MS);

    const load = keepConverting(client, CONVERSIONS);
    await load.running;
    const during = await probeHealth(server.base, PROBE_MS);
    const { started, finished } = await load.stop();

    const loadLabel = `during ${CONVERSIONS} × ${CONVERSION_WORDS.toLocaleString('en-US')}-word conversions`;
    for (const line of table(['server', 'requests', 'p50 (ms)', 'p99 (ms)', 'max (ms)'], [row('idle', idle), row(loadLabel, during)])) {
      console.log(line);
    }
    const ratio = quantile(during, 0.99) / quantile(idle, 0.99);
    console.log(`(${started} conversions started, ${finished} finished while loaded; a finished one is replaced at once)`);
    console.log(`target: p99 during conversions ≤ ${TARGET_RATIO}× idle p99 — ratio ${ratio.toFixed(2)}× — ${verdict(ratio <= TARGET_RATIO)}`);
  } finally {
    await server.stop();
  }
  console.log(machineNote());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchLatency();
