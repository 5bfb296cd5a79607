/**
 * Accounts and sessions on the embedded database (PGlite): the cost of one argon2id hash and check,
 * a sign-in and a session check end to end, and what a burst of concurrent sign-ins does to the
 * rest of the server (the health endpoint's latency while it runs, with hashing bounded to two at a
 * time).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createPasswordHasher } from '../../server/services/auth/passwords.ts';
import { createDeps } from '../../server/wiring.ts';

const BURST = 40;
const PASSWORD = 'correct-horse-battery';

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function timeEach(n: number, task: (i: number) => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await task(i);
    times.push(performance.now() - started);
  }
  return times;
}

export default async function benchAuth(): Promise<void> {
  const hasher = createPasswordHasher();
  const stored = await hasher.hash(PASSWORD);
  const hashes = await timeEach(20, () => hasher.hash(PASSWORD));
  const checks = await timeEach(20, () => hasher.verify(stored, PASSWORD));
  console.log(`argon2id (19 MiB, t=2, p=1) hash: median ${ms(quantile(hashes, 0.5))}, check: median ${ms(quantile(checks, 0.5))}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-auth-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', REGISTRATIONS_PER_HOUR: '1000' });
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const app = createApp(await createDeps(config, database, createLogger('silent')));
    const post = async (p: string, body: unknown): Promise<Response> =>
      app.request(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const emails = Array.from({ length: BURST }, (_, i) => `bench-${i}@example.com`);
    let token = '';
    for (const email of emails) {
      const res = await post('/api/auth/register', { email, password: PASSWORD });
      token = ((await res.json()) as { token: string }).token;
    }

    const logins = await timeEach(20, (i) => post('/api/auth/login', { email: emails[i % BURST], password: PASSWORD }));
    const me = await timeEach(50, () => app.request('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } }));
    const idleHealth = await timeEach(30, () => app.request('/api/health'));
    console.log(`sign-in end to end: median ${ms(quantile(logins, 0.5))}, p95 ${ms(quantile(logins, 0.95))}`);
    console.log(`session check (GET /api/auth/me): median ${ms(quantile(me, 0.5))}, p95 ${ms(quantile(me, 0.95))}`);

    // A burst of sign-ins, with the health endpoint asked every few milliseconds meanwhile.
    const healthDuringBurst: number[] = [];
    let bursting = true;
    const prober = (async () => {
      while (bursting) {
        const started = performance.now();
        await app.request('/api/health');
        healthDuringBurst.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const started = performance.now();
    const statuses = await Promise.all(emails.map((email) => post('/api/auth/login', { email, password: PASSWORD }).then((r) => r.status)));
    const burstMs = performance.now() - started;
    bursting = false;
    await prober;
    const ok = statuses.filter((s) => s === 200).length;
    console.log(
      `${BURST} concurrent sign-ins: ${ok} succeeded in ${ms(burstMs)} (${((ok / burstMs) * 1000).toFixed(0)}/s on ${os.availableParallelism()} cores)`,
    );
    console.log(
      `GET /api/health idle: median ${ms(quantile(idleHealth, 0.5))}; during the burst: median ${ms(quantile(healthDuringBurst, 0.5))}, p95 ${ms(quantile(healthDuringBurst, 0.95))} (${healthDuringBurst.length} requests)`,
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
