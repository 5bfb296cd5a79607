/**
 * Start-up costs of whole processes, from the compiled build (`dist/`, built here when stale):
 * - `pagecast extract page.html` as one process a page (target ≤ 0.3 s), and a folder of pages
 *   in one process (time per page);
 * - the server (`npm start`'s process on the embedded defaults) from spawn to a healthy answer,
 *   on an existing DATA_DIR (target ≤ 2 s), and its first start (which creates the database).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, isServerBuildFresh } from '../server-build.mjs';
import { table } from './support/report.ts';
import { startServer } from './support/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'pagecast.mjs');
const AEB = path.resolve(ROOT, '..', 'shared', 'corpora', 'aeb', 'html');
const RUNS_A_PAGE = 3;
const RESTARTS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function timedRun(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(process.execPath, [BIN, ...args], { maxBuffer: 256 * 1024 * 1024 }, (error) =>
      error ? reject(error) : resolve(performance.now() - started),
    );
  });
}

async function benchCli(): Promise<void> {
  if (!fs.existsSync(AEB)) {
    console.log(`no corpus at ${AEB}`);
    return;
  }
  const pages = fs.readdirSync(AEB).filter((f) => f.endsWith('.html')).sort();
  const sample = pages.filter((_, i) => i % Math.ceil(pages.length / 5) === 0);
  const rows: string[][] = [];
  const all: number[] = [];
  for (const page of sample) {
    const times: number[] = [];
    for (let i = 0; i < RUNS_A_PAGE; i++) times.push(await timedRun(['extract', path.join(AEB, page)]));
    all.push(...times);
    const kb = fs.statSync(path.join(AEB, page)).size / 1024;
    rows.push([`${page.slice(0, 12)}… (${kb.toFixed(0)} KB)`, median(times).toFixed(0), Math.max(...times).toFixed(0)]);
  }
  for (const line of table(['pagecast extract, one page a process', 'median ms', 'max ms'], rows)) console.log(line);
  console.log(`all runs: median ${median(all).toFixed(0)} ms (target ≤ 300 ms)`);
  const folderMs = await timedRun(['extract', AEB]);
  console.log(`pagecast extract <folder of ${pages.length} pages>: ${folderMs.toFixed(0)} ms, ${(folderMs / pages.length).toFixed(0)} ms a page in one process`);
}

async function benchServerStart(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-start-'));
  try {
    const timedStart = async () => {
      const started = performance.now();
      const server = await startServer({ DATA_DIR: dataDir });
      const ms = performance.now() - started;
      await server.stop();
      return ms;
    };
    const first = await timedStart();
    const restarts: number[] = [];
    for (let i = 0; i < RESTARTS; i++) restarts.push(await timedStart());
    const rows = [
      ['first start (creates the database)', first.toFixed(0)],
      [`restart on the same DATA_DIR (median of ${RESTARTS})`, median(restarts).toFixed(0)],
    ];
    for (const line of table(['server start to a healthy answer', 'ms'], rows)) console.log(line);
    console.log('target: restart ≤ 2000 ms');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function benchStartup(): Promise<void> {
  if (!isServerBuildFresh()) {
    const { ms } = await buildServer();
    console.log(`(built dist/ first, in ${ms} ms)`);
  }
  await benchCli();
  await benchServerStart();
}
