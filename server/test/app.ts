import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import { createLogger } from '../lib/logger.ts';
import type { TestDatabase } from './databases.ts';

/** A config as the server would parse it, with a temporary DATA_DIR and quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-data-'));
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}

/** The real app over a test database; overrides replace any dependency. */
export function createTestApp(database: TestDatabase, overrides: Partial<AppDeps> = {}) {
  const deps: AppDeps = {
    config: testConfig(),
    db: database.db,
    dbKind: database.kind,
    logger: createLogger('silent'),
    clock: () => new Date(),
    ...overrides,
  };
  return { app: createApp(deps), deps };
}
