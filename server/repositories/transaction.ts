import type { Database } from '../db/client.ts';

/** Runs `work` in one database transaction: everything it writes lands together or not at all. */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}
