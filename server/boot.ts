/**
 * Starts one Pagecast process in a role and stops it cleanly on SIGTERM/SIGINT. `all` (npm start,
 * server/index.ts) serves the web app and API and runs jobs; `web` (`pagecast serve`) serves only,
 * its new podcasts' jobs queued in the database for a worker; `worker` (`pagecast worker`) runs jobs
 * only, with a small health endpoint on WORKER_HEALTH_PORT when that is set.
 *
 * Stopping: open event streams end (clients reconnect, to another web process if need be), requests
 * in flight finish, running jobs go back to the queue (they resume after their last stored audio
 * segment wherever they are claimed next), then the database closes.
 */
import { serve } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { checkHealth } from './use-cases/check-health.ts';
import { scheduleOrphanSweep } from './use-cases/sweep-orphan-audio.ts';
import { createDeps } from './wiring.ts';
import type { AppDeps } from './deps.ts';

export type ProcessRole = 'all' | 'web' | 'worker';

/** Boots a process in `role`; resolves once it has stopped after SIGTERM or SIGINT. */
export async function runProcess(role: ProcessRole): Promise<void> {
  // Listened for from the start, so a signal during boot stops the process once it is up, cleanly; a
  // second signal while stopping changes nothing.
  const signalled = new Promise<string>((resolve) => {
    process.on('SIGTERM', () => resolve('SIGTERM'));
    process.on('SIGINT', () => resolve('SIGINT'));
  });
  const config = loadConfig();
  const logger = createLogger(config.logLevel, role === 'all' ? {} : { role });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  const deps = await createDeps(config, database, logger);
  const runsJobs = role !== 'web';
  const warmUp = warmUpOnce(deps, logger);
  let sweeper: ReturnType<typeof scheduleOrphanSweep> | undefined;
  if (runsJobs) {
    await deps.audio.removeStalePartials().catch((err) => logger.warn('could not clear unfinished audio files', { err }));
    deps.jobs.start();
    // Audio whose podcast is gone (a write that raced its delete, a crash between the two) goes.
    sweeper = scheduleOrphanSweep(deps);
    void deps.speech.prepare?.().catch((err) => logger.warn('the voices could not be prepared', { err }));
    // A worker, or any process on PostgreSQL (others may queue its jobs), loads the voice and the
    // encoder now; on the embedded database every job comes through this process's own API.
    if (role === 'worker' || database.kind === 'postgres') warmUp();
  }
  // In the whole server they load on the first request that comes before a podcast (the home page's
  // card or the popup asking what the server can do), so a server nobody uses does not hold them (about 80 MB).
  const server = role === 'worker' ? startHealthServer(deps, logger) : startWebServer(role === 'all' ? { ...deps, warmUp } : deps, logger, database.kind);
  let stopping = false;
  // While stopping, every answer that ends closes its connection (an event stream's included, whose
  // headers said keep-alive): a client that reconnects at once, as an event stream does, then reaches
  // a process that is not stopping instead of this one on a kept-alive socket.
  server?.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.once('finish', () => {
      if (stopping) req.socket.end();
    });
  });

  logger.info('shutting down', { signal: await signalled });
  stopping = true;

  const force = setTimeout(() => {
    logger.warn('forcing open connections closed');
    server?.closeAllConnections();
  }, config.stopGraceMs);
  force.unref();
  deps.events.closeAll();
  const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeIdleConnections();
  // In-flight requests finish and running jobs go back to the queue; then the database closes.
  await Promise.all([closed, runsJobs ? stopJobs(deps, logger) : undefined, sweeper?.stop()]);
  await deps.events.close();
  await Promise.all([deps.speech.close(), deps.extractor.close(), deps.encoders.close(), deps.answers.encoders.close()]);
  await database.close();
  logger.info('stopped');
}

/** Loads the voice and the encoder ahead of the first podcast, so its audio does not wait for them; once. */
function warmUpOnce(deps: AppDeps, logger: Logger): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    void deps.encoders.warmUp().catch((err) => logger.warn('the encoder did not start', { err }));
    void deps.speech.warmUp?.().catch((err) => logger.warn('the voice did not start', { err }));
  };
}

/** Running jobs are aborted and handed back; one that does not settle in time is left to its lease. */
async function stopJobs(deps: AppDeps, logger: Logger) {
  let timer: NodeJS.Timeout | undefined;
  // Open connections are closed by force after the same grace (STOP_GRACE_SECONDS).
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deps.config.stopGraceMs)));
  const outcome = await Promise.race([deps.jobs.stop(), late]);
  clearTimeout(timer);
  if (outcome === 'late') logger.warn('a job did not stop in time; another worker takes it over when its lease runs out');
}

function startWebServer(deps: AppDeps, logger: Logger, databaseKind: string): http.Server {
  const { config } = deps;
  return serve({ fetch: createApp(deps).fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', {
      url: `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`,
      database: databaseKind,
      dataDir: config.dataDir,
    });
  }) as http.Server;
}

/** A worker's health: 200 with JSON while it runs and its database answers, 503 when it does not. */
function startHealthServer(deps: AppDeps, logger: Logger): http.Server | null {
  const port = deps.config.workerHealthPort;
  if (port === undefined) {
    logger.info('working', { database: deps.dbKind });
    return null;
  }
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, { ok: false });
    checkHealth(deps).then(
      (health) => answer(200, { ...health, role: 'worker', concurrency: deps.config.jobConcurrency }),
      (err) => {
        logger.warn('health check failed', { err });
        answer(503, { ok: false, role: 'worker', database: deps.dbKind });
      },
    );
  });
  // The port bound, which is the system's choice when 0 is asked for.
  server.listen(port, deps.config.host, () => {
    const bound = (server.address() as AddressInfo).port;
    logger.info('working', { database: deps.dbKind, health: `http://${deps.config.host.includes(':') ? `[${deps.config.host}]` : deps.config.host}:${bound}` });
  });
  return server;
}
