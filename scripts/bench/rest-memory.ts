/**
 * The server's memory at rest: the resident memory (RSS) of `npm start`'s processes, read from /proc
 * 20 s after the server first answers, on the embedded defaults (PGlite, the espeak voice,
 * VOICE_DOWNLOADS=off). Target: ≤ 300 MB for the server's processes.
 *
 * 1. `node scripts/start.mjs` on an empty DATA_DIR (a first start: the database is created);
 * 2. the same server once a visitor's first questions came (the voice and the encoder loaded);
 * 3. a restart on that DATA_DIR;
 * 4. `npm start` on an empty DATA_DIR: npm's own process, which waits beside the server, and the server.
 *
 *   npm run bench -- rest-memory
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, isServerBuildFresh } from '../server-build.mjs';
import { machineNote, table, verdict } from './support/report.ts';
import { unusedPort } from '../../server/test/free-port.ts';
import { sleep } from './support/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SETTLE_MS = 20_000;
const TARGET_MB = 300;

/** A process and all its descendants, each with its command and resident memory in MB. */
function processTree(pid: number): { pid: number; command: string; mb: number }[] {
  const read = (file: string) => fs.readFileSync(file, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(read(`/proc/${pid}/status`))?.[1] ?? 0) / 1024;
  const command = read(`/proc/${pid}/cmdline`).split('\0').filter(Boolean).slice(0, 3).join(' ');
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((tid) => read(`/proc/${pid}/task/${tid}/children`).trim().split(/\s+/).filter(Boolean).map(Number));
  return [{ pid, command, mb: rss }, ...children.flatMap(processTree)];
}

/** Starts `command` on DATA_DIR, waits for a healthy answer, then runs `measure`; stops it after. */
async function withServer<T>(command: string[], dataDir: string, measure: (pid: number, base: string) => Promise<T>): Promise<T> {
  const port = await unusedPort();
  // The embedded defaults, whatever the caller's shell configures (an AI, another voice, PostgreSQL).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(OPENAI_|TTS_|STRIPE_|DATABASE_URL$)/.test(key)));
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', VOICE_DOWNLOADS: 'off' },
    stdio: 'ignore',
    // A process group of its own: the stop reaches the server under npm and its shell too.
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    while ((await fetch(`${base}/api/health`).then((r) => r.status, () => 0)) !== 200) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start (${command.join(' ')})`);
      await sleep(100);
    }
    return await measure(child.pid!, base);
  } finally {
    // The whole group is asked to stop (npm's shell does not pass a signal on), and waited for until
    // none of it is left, so no server outlives the bench.
    const group = -child.pid!;
    const alive = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (alive()) process.kill(group, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while (alive() && Date.now() < deadline) await sleep(100);
    if (alive()) process.kill(group, 'SIGKILL');
  }
}

const total = (tree: { mb: number }[]) => tree.reduce((sum, p) => sum + p.mb, 0);
const describe = (tree: { command: string; mb: number }[]) => tree.map((p) => `${p.command.replace(/^\S*\/(node|npm)\b/, '$1')}: ${p.mb.toFixed(0)}`).join('; ');

export default async function restMemory(): Promise<void> {
  if (!isServerBuildFresh()) await buildServer();
  console.log(machineNote());
  const rows: string[][] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-rest-'));
  let firstStart = 0;
  try {
    await withServer([process.execPath, 'scripts/start.mjs'], path.join(dataDir, 'data'), async (pid, base) => {
      await sleep(SETTLE_MS);
      const atRest = processTree(pid);
      firstStart = total(atRest);
      rows.push(['first start, empty DATA_DIR', firstStart.toFixed(0), describe(atRest)]);
      // The home page's and the popup's first question: the voice and the encoder load.
      await fetch(`${base}/api/capabilities`);
      await sleep(SETTLE_MS);
      const visited = processTree(pid);
      rows.push(['after a visitor asked (voice and encoder loaded)', total(visited).toFixed(0), describe(visited)]);
    });
    await withServer([process.execPath, 'scripts/start.mjs'], path.join(dataDir, 'data'), async (pid) => {
      await sleep(SETTLE_MS);
      const tree = processTree(pid);
      rows.push(['restart on that DATA_DIR', total(tree).toFixed(0), describe(tree)]);
    });
    await withServer(['npm', 'start', '--silent'], path.join(dataDir, 'npm'), async (pid) => {
      await sleep(SETTLE_MS);
      const tree = processTree(pid);
      rows.push(['`npm start`, empty DATA_DIR (npm waits beside the server)', total(tree).toFixed(0), describe(tree)]);
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`resident memory ${SETTLE_MS / 1000} s after the first healthy answer (MB)`);
  for (const line of table(['server', 'MB', 'processes (MB each)'], rows)) console.log(line);
  console.log(`the server's processes at rest ≤ ${TARGET_MB} MB: ${verdict(firstStart <= TARGET_MB)} (${firstStart.toFixed(0)} MB)`);
}
