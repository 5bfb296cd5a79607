/**
 * Builds the real dependencies from the config: one place that knows which implementation backs
 * each service. index.ts and the CLI use it; tests use it too and override what they fake.
 */
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import type { Logger } from './lib/logger.ts';

export async function createDeps(config: Config, database: DatabaseHandle, logger: Logger): Promise<AppDeps> {
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    logger,
    clock: () => new Date(),
  };
}
