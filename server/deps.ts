import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './lib/logger.ts';

/** What createApp needs. Tests build it with fakes; index.ts with the real things. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** Which engine `db` runs on. */
  dbKind: 'pglite' | 'postgres';
  logger: Logger;
  /** The current time; injectable so tests can move it. */
  clock: () => Date;
}

/** Hono's environment for every route: request id and the caller, set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
  };
}
