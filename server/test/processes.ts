/**
 * Real `pagecast serve` and `pagecast worker` processes for tests: started on free loopback ports,
 * their log lines kept, stopped with SIGTERM, and any left running killed after each test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { unusedPort } from './free-port.ts';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { SAFETY_NET_MS } from './wait.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
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

/** Starts `pagecast <role>` and waits until it answers (the API, or a worker's health port). */
export async function startRole(
  role: RoleProcess['role'],
  env: Record<string, string>,
  ports: { port?: number; healthPort?: number } = {},
): Promise<RoleProcess> {
  const port = ports.port ?? (await unusedPort());
  const healthPort = role === 'worker' ? (ports.healthPort ?? (await unusedPort())) : null;
  const child = spawn(process.execPath, ['bin/pagecast.mjs', role], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'info',
      JOB_LEASE_SECONDS: '3',
      JOB_CONCURRENCY: '1',
      ANONYMOUS_DAILY_PODCASTS: '100',
      // No test reaches the internet: no natural voice is downloaded.
      VOICE_DOWNLOADS: 'off',
      ...(healthPort ? { WORKER_HEALTH_PORT: String(healthPort) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const log: string[] = [];
  for (const out of [child.stdout!, child.stderr!]) out.setEncoding('utf8').on('data', (text: string) => log.push(...text.split('\n').filter(Boolean)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc = { role, child, port, healthPort, base: `http://127.0.0.1:${port}`, log, exited };
  const probe = healthPort ? `http://127.0.0.1:${healthPort}/` : `${proc.base}/api/health`;
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
