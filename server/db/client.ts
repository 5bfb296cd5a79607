/**
 * Opens the database: PGlite (Postgres in wasm) under DATA_DIR when no DATABASE_URL is set,
 * PostgreSQL otherwise. Both get the same schema and migrations, applied here at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema } from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// address; when absent, PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` for a throwaway one. */
  dataDir?: string;
  /** A PGlite data-dir snapshot (from `dumpDataDir`) to start from, for fast tests. */
  snapshot?: Blob | File;
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ?? 'memory://', options.snapshot);
  if (options.migrate !== false) await handle.migrate();
  return { db: handle.db, kind: handle.kind, close: handle.close };
}

/** PGlite's page cache; see openPglite. */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string, snapshot?: Blob | File) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Postgres' default shared_buffers (128MB) grows PGlite's wasm memory past its initial 128 MB, to
  // about 190 MB, held for the life of the process; 16MB keeps it at 128 MB, and this database is
  // small (a page cache of 2048 pages is plenty). On the command line, so postgresql.conf is untouched.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(dataDir, { recursive: true });
    // A first start on disk creates the database in a process of its own (see create-pglite.mjs).
    if (!snapshot && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteAside(dataDir, startParams);
  }
  const client = await PGlite.create(dataDir, { ...(snapshot ? { loadDataDir: snapshot } : {}), startParams });
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite' as const,
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** Creates and migrates the database in `dataDir` in a child process, which ends once it is made. */
async function createPgliteAside(dataDir: string, startParams: string[]) {
  const script = path.join(import.meta.dirname, 'create-pglite.mjs');
  try {
    await promisify(execFile)(process.execPath, [script, dataDir, MIGRATIONS_DIR, ...startParams], { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const said = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the database in ${dataDir}${said ? `: ${said}` : ''}`, { cause: err });
  }
}

/** Serialises migrations across processes that start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_262_401;

async function openPostgres(url: string) {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a failover) is an 'error' event on the pool;
  // unhandled it would end the process. pg discards that connection and opens a new one on demand.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`));
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres' as const,
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}
