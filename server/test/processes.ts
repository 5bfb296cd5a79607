/**
 * Real `pagecast serve` and `pagecast worker` processes for tests: each listening on a port of its own
 * choosing (port 0) and read from its log line, so no other process can take the port between a pick
 * and its listen; their log lines kept, stopped with SIGTERM, and any left running killed after each test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { unusedPort } from './free-port.ts';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { SAFETY_NET_MS } from './wait.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A job's lease for test servers: long enough that a loaded machine's stalls (a lease renewed every
 * third of it) never let it lapse, which would run a job twice; a job of a killed process waits it out.
 */
export const TEST_LEASE_SECONDS = '10';
const children = new Set<ChildProcess>();

/** Call once in a test file: after each test, kills what it left running. */
export function killRolesAfterEach(): void {
  afterEach(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    children.clear();
  });
}


export interface RoleProcess {
  role: 'serve' | 'worker';
  child: ChildProcess;
  port: number;
  healthPort: number | null;
  base: string;
  log: string[];
  /** Settles when the process has exited. */
  exited: Promise<void>;
}

/**
 * The address a process announces in its JSON log line `msg` (its `field`), once it does: its lines
 * kept in `log` meanwhile, both streams read for as long as it runs (a full pipe never stops it). A
 * process that exits first fails at once with what it wrote; the deadline is a safety net only.
 */
export function announcedAddress(child: ChildProcess, msg: string, field: string, log: string[] = []): Promise<string> {
  const tail = () => log.slice(-20).join('\n');
  return new Promise<string>((resolve, reject) => {
    const safetyNet = setTimeout(() => reject(new Error(`no "${msg}" line within ${SAFETY_NET_MS / 1000} s:\n${tail()}`)), SAFETY_NET_MS);
    for (const out of [child.stdout!, child.stderr!]) {
      let partial = '';
      out.setEncoding('utf8').on('data', (text: string) => {
        const lines = (partial + text).split('\n');
        partial = lines.pop()!;
        for (const line of lines.filter(Boolean)) {
          log.push(line);
          if (log.length > 2000) log.splice(0, log.length - 2000);
          const entry = parseLine(line);
          const address = entry?.msg === msg ? entry[field] : undefined;
          if (typeof address === 'string') {
            clearTimeout(safetyNet);
            resolve(address);
          }
        }
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(safetyNet);
      reject(new Error(`the process exited (${code ?? signal}) before its "${msg}" line:\n${tail()}`));
    });
  });
}

function parseLine(line: string): Record<string, unknown> | null {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Starts `pagecast <role>` and waits until it answers (the API, or a worker's health port); on the
 * ports given (a restart on its old ones), else on ports of its own choosing.
 */
export async function startRole(
  role: RoleProcess['role'],
  env: Record<string, string>,
  ports: { port?: number; healthPort?: number } = {},
): Promise<RoleProcess> {
  // A worker serves no API: its PORT is one nothing listens on, for a test to see that.
  const port = ports.port ?? (role === 'worker' ? await unusedPort() : 0);
  const healthPort = role === 'worker' ? (ports.healthPort ?? 0) : null;
  const child = spawn(process.execPath, ['bin/pagecast.mjs', role], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'info',
      JOB_LEASE_SECONDS: TEST_LEASE_SECONDS,
      JOB_CONCURRENCY: '1',
      ANONYMOUS_DAILY_PODCASTS: '100',
      // No test reaches the internet: no natural voice is downloaded.
      VOICE_DOWNLOADS: 'off',
      ...(healthPort !== null ? { WORKER_HEALTH_PORT: String(healthPort) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const announced = new URL(await (role === 'worker' ? announcedAddress(child, 'working', 'health', log) : announcedAddress(child, 'listening', 'url', log)));
  const proc = {
    role,
    child,
    port: role === 'worker' ? port : Number(announced.port),
    healthPort: role === 'worker' ? Number(announced.port) : null,
    base: `http://127.0.0.1:${role === 'worker' ? port : announced.port}`,
    log,
    exited,
  };
  const probe = role === 'worker' ? `http://127.0.0.1:${announced.port}/` : `${proc.base}/api/health`;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`pagecast ${role} exited with ${child.exitCode}:\n${log.slice(-15).join('\n')}`);
        return (await fetch(probe).catch(() => null))?.status;
      },
      { timeout: SAFETY_NET_MS, interval: 100 },
    )
    .toBe(200);
  return proc;
}

/** SIGTERM, and the exit code once it is gone (with its last log lines when it is not 0). */
export async function stopRole(proc: RoleProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => proc.child.once('exit', (code) => resolve(code)));
  proc.child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) console.error(`pagecast ${proc.role} exited with ${code}:\n${proc.log.slice(-15).join('\n')}`);
  return code;
}
