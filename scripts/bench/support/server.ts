/**
 * A real server process for the benchmarks, as `npm start` runs one (`node scripts/start.mjs`, the
 * compiled server) on an unused port with a temporary DATA_DIR (embedded PGlite), and a small client
 * for the calls a browser makes while an episode is made: create it, read it until its stream exists,
 * fetch the playlist and its first segment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { unusedPort } from '../../../server/test/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { podcastSchema, type Podcast } from '../../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../../shared/constants.ts';
import { decodeMp3 } from '../../../server/test/mp3.ts';
import { articleBody } from './articles.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** Settings from the caller's shell that would change what the server is (AI, voice, database, billing). */
const INHERITED_OUT = /^(OPENAI_|TTS_|STRIPE_|DATABASE_URL$|PUBLIC_URL$|HOST$|PORT$|DATA_DIR$|JOB_|LOG_LEVEL$|NODE_ENV$)/;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));


export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** The last lines the server wrote to stderr (warnings and errors), for a failure's message. */
  stderrTail(): string;
  /** The log lines written to stdout so far, parsed (only when started with `log`). */
  logLines(): Record<string, unknown>[];
  stop(): Promise<void>;
}

/**
 * Starts the server with the embedded defaults plus `env`, and waits until /api/health answers 200.
 * `log`: its stdout log lines are kept for `logLines()` (LOG_LEVEL in `env` chooses which are written).
 */
/** How long a bench waits for a server's first healthy answer before giving up. */
const START_DEADLINE_MS = 240_000;

export async function startServer(env: Record<string, string> = {}, { log = false } = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-server-'));
  const port = await unusedPort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !INHERITED_OUT.test(key)));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      VOICE_DOWNLOADS: 'off',
      ANONYMOUS_DAILY_PODCASTS: '100000',
      ...env,
    },
    stdio: ['ignore', log ? 'pipe' : 'ignore', 'pipe'],
  });
  const logged: Record<string, unknown>[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      try {
        logged.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    stderrTail: () => stderr.split('\n').slice(-12).join('\n'),
    logLines: () => logged,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  // A safety net, not a figure: a first start builds and migrates, and a loaded machine is slow.
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${server.stderrTail()}`);
    const status = await fetch(`${server.base}/api/health`).then((r) => r.status, () => 0);
    if (status === 200) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer /api/health within ${START_DEADLINE_MS / 1000} s:\n${server.stderrTail()}`);
    }
    await sleep(100);
  }
}

/** The server process's resident memory, from /proc. */
export function rssOf(server: ServerProcess): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

/** GET /api/health every `everyMs` until `until` settles: each answer's latency. */
export async function probeHealth(server: ServerProcess, until: Promise<unknown>, everyMs = 20): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - started);
    await sleep(everyMs);
  }
  return latencies;
}

export interface ArticleBody {
  title: string;
  text: string;
  sourceUrl: string;
}

/** The API as one browser (one anonymous token) calls it. */
export class BenchClient {
  readonly headers: Record<string, string>;

  constructor(
    readonly server: ServerProcess,
    token = `bench-browser-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
  ) {
    this.headers = { [ANONYMOUS_TOKEN_HEADER]: token };
  }

  async create(body: ArticleBody): Promise<Podcast> {
    const res = await fetch(`${this.server.base}/api/podcasts`, {
      method: 'POST',
      headers: { ...this.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST /api/podcasts answered ${res.status}: ${await res.text()}`);
    return podcastSchema.parse(await res.json());
  }

  async get(id: string): Promise<Podcast> {
    const res = await fetch(`${this.server.base}/api/podcasts/${id}`, { headers: this.headers });
    if (res.status !== 200) throw new Error(`GET /api/podcasts/${id} answered ${res.status}: ${await res.text()}`);
    return podcastSchema.parse(await res.json());
  }

  async remove(id: string): Promise<void> {
    const res = await fetch(`${this.server.base}/api/podcasts/${id}`, { method: 'DELETE', headers: this.headers });
    await res.body?.cancel();
    if (res.status >= 300 && res.status !== 404) throw new Error(`DELETE /api/podcasts/${id} answered ${res.status}`);
  }

  /**
   * Follows the podcast's progress events (as the web app and the extension do) until one has a
   * streamUrl: the moment a player learns there is audio, without polling the server.
   */
  async firstStream(id: string, timeoutMs = 60_000): Promise<string> {
    const res = await fetch(`${this.server.base}/api/podcasts/${id}/events`, {
      headers: this.headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status !== 200 || !res.body) throw new Error(`the progress stream answered ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the progress stream of ${id} ended before any audio`);
        buffered += value;
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const data = buffered.slice(0, end).split('\n').find((line) => line.startsWith('data:'));
          buffered = buffered.slice(end + 2);
          if (!data) continue;
          const event = JSON.parse(data.slice(5)) as { streamUrl?: string | null; status: string; error: string | null };
          if (event.streamUrl) return event.streamUrl;
          if (event.status === 'failed') throw new Error(`podcast ${id} failed: ${event.error}`);
        }
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
  }

  /** Reads the podcast every `pollMs` until `done` holds; throws when it failed. */
  async waitFor(id: string, done: (p: Podcast) => boolean, { pollMs = 100, timeoutMs = 180_000 } = {}): Promise<Podcast> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const podcast = await this.get(id);
      if (done(podcast)) return podcast;
      if (podcast.status === 'failed') throw new Error(`podcast ${id} failed: ${podcast.error}\n${this.server.stderrTail()}`);
      if (performance.now() > deadline) throw new Error(`podcast ${id} still ${podcast.status} after ${timeoutMs} ms`);
      await sleep(pollMs);
    }
  }
}

export interface FirstAudio {
  id: string;
  /** Date.now() as the POST was sent, to line the server's times up with a fake provider's. */
  postedAt: number;
  /** POST sent → its answer read, ms. */
  answeredMs: number;
  /** POST sent → segment 0's bytes received, ms. */
  firstAudioMs: number;
  segmentBytes: number;
  segmentSeconds: number;
  /** Frames the independent decoder could not read in segment 0 (0 for a clean segment). */
  decodeErrors: number;
}

/**
 * Time to first audio as a player sees it: POST the article, follow its progress events until one
 * has a streamUrl, fetch the playlist (again until it lists a segment), then fetch segment 0, both
 * by their signed addresses alone, as a player does.
 * The clock stops when segment 0's bytes are in; the segment is then decoded (not timed) to show it
 * is playable.
 */
export async function timeToFirstAudio(client: BenchClient, body: ArticleBody, { pollMs = 10 } = {}): Promise<FirstAudio> {
  const postedAt = Date.now();
  const started = performance.now();
  const created = await client.create(body);
  const answeredMs = performance.now() - started;
  const streamUrl = created.streamUrl ?? (await client.firstStream(created.id));
  const playlistUrl = new URL(streamUrl!, client.server.base);
  let segmentUri: string | undefined;
  while (!segmentUri) {
    const res = await fetch(playlistUrl);
    if (res.status !== 200) throw new Error(`the playlist answered ${res.status}`);
    segmentUri = (await res.text()).split('\n').find((line) => line.trim() && !line.startsWith('#'));
    if (!segmentUri) await sleep(pollMs);
  }
  const res = await fetch(new URL(segmentUri, playlistUrl));
  if (res.status !== 200) throw new Error(`segment 0 answered ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const firstAudioMs = performance.now() - started;
  const decoded = await decodeMp3(bytes);
  if (decoded.samples.length === 0) throw new Error(`segment 0 (${bytes.length} bytes) decoded to no audio`);
  return {
    id: created.id,
    postedAt,
    answeredMs,
    firstAudioMs,
    segmentBytes: bytes.length,
    segmentSeconds: decoded.durationMs / 1000,
    decodeErrors: decoded.errors,
  };
}

/** Warms a server: one small podcast, from POST to its first audio and on until it is ready. */
export async function warmUp(client: BenchClient): Promise<void> {
  const warm = await timeToFirstAudio(client, articleBody(300, 9_999));
  await client.waitFor(warm.id, (p) => p.status === 'ready', { pollMs: 200 });
  await client.remove(warm.id);
}
