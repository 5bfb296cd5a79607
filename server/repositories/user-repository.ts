/** Reads and writes of the `users` table outside billing. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUser(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** `email` must already be normalised. */
/**
 * Locks the member's row until the transaction `db` ends: a member's "at most N" (follows) is counted
 * and inserted under it, so concurrent requests take turns and cannot all pass the last free place.
 */
export async function lockUser(db: Database, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

/** Inserts the account; null when another one took its e-mail first (the unique index decides). */
export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function findUserByFeedToken(db: Database, token: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.feedToken, token));
  return row ?? null;
}

export async function setFeedToken(db: Database, userId: string, token: string): Promise<void> {
  await db.update(users).set({ feedToken: token }).where(eq(users.id, userId));
}

export async function setDefaultVoice(db: Database, userId: string, voice: string): Promise<void> {
  await db.update(users).set({ defaultVoice: voice }).where(eq(users.id, userId));
}

/** Stores any of the member's preferences (undefined leaves one as it is); answers the row. */
export async function setPreferences(
  db: Database,
  userId: string,
  values: Partial<Pick<UserRow, 'defaultMode' | 'defaultMinutes' | 'playbackRate'>>,
): Promise<UserRow | null> {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return findUser(db, userId);
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  return row ?? null;
}
