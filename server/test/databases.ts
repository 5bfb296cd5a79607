/**
 * Runs a suite once on PGlite and once on PostgreSQL, each on a fresh database of its own.
 *
 *   describeEachDatabase('podcasts', (ctx) => { it('...', async () => { ctx.db ... }) })
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { createScratchDatabase } from './postgres.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  db: Database;
  kind: DatabaseKind;
  /** The postgres:// address (Postgres mode only), for tests that open a second connection. */
  url: string | undefined;
}

/** Opens a migrated test database of the given kind; the caller closes it with `close()`. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase & { close(): Promise<void> }> {
  if (kind === 'pglite') {
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    const handle = await openDatabase({ dataDir: 'memory://', snapshot });
    return { db: handle.db, kind, url: undefined, close: () => handle.close() };
  }
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('PostgreSQL is not reachable');
  const scratch = await createScratchDatabase(adminUrl);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: scratch.url });
  } catch (err) {
    await scratch.drop();
    throw err;
  }
  return {
    db: handle.db,
    kind,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export function describeEachDatabase(name: string, suite: (ctx: TestDatabase) => void) {
  for (const kind of ['pglite', 'postgres'] as const) {
    const skip = kind === 'postgres' && !inject('postgresUrl');
    const run = skip ? describe.skip : describe;
    run(`${name} [${kind}${skip ? ': PostgreSQL unreachable' : ''}]`, () => {
      const ctx = { kind, url: undefined } as TestDatabase;
      let close: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await openTestDatabase(kind);
        ctx.db = opened.db;
        ctx.url = opened.url;
        close = opened.close;
      });
      afterAll(async () => {
        await close?.();
      });
      suite(ctx);
    });
  }
}
