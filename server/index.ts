/**
 * Boot only: load config, open the database, build the app, serve, and shut down cleanly on
 * SIGTERM/SIGINT (in-flight requests finish, then the database closes).
 */
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './lib/logger.ts';
import { createDeps } from './wiring.ts';
import type http from 'node:http';
import path from 'node:path';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  const deps = await createDeps(config, database, logger);
  const app = createApp(deps);
  await deps.audio.removeStalePartials().catch((err) => logger.warn('could not clear unfinished audio files', { err }));
  deps.jobs.start();
  // Started now, so the first podcast's audio does not wait for a worker to load.
  void deps.encoders.warmUp().catch((err) => logger.warn('the encoder did not start', { err }));
  void deps.speech.warmUp?.().catch((err) => logger.warn('the voice did not start', { err }));

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', {
      url: `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`,
      database: database.kind,
      dataDir: config.dataDir,
    });
  }) as http.Server;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('forcing open connections closed');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    deps.events.closeAll();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // In-flight requests finish and running jobs go back to the queue; then the database closes.
    await Promise.all([closed, deps.jobs.stop()]);
    await Promise.all([deps.speech.close(), deps.extractor.close(), deps.encoders.close()]);
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'failed to start', error: String(err?.stack ?? err) })}\n`);
  process.exit(1);
});
