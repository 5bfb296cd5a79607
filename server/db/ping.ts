import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
