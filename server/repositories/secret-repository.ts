/**
 * Server secrets kept in the database (settings table), so every process that shares the database
 * signs and checks with the same key. Created on first use.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { settings } from '../db/schema.ts';

export async function getOrCreateSecret(db: Database, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  await db
    .insert(settings)
    .values({ key, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`secret ${name} could not be created`);
  return Buffer.from(row.value, 'base64url');
}
