/** Sign-in sessions: the `sessions` table, which lets a token be revoked before it expires. */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { UserRow } from './user-repository.ts';

/** Stores a new session, dropping the user's sessions that ran out (so the table stays small). */
export async function insertSession(db: Database, values: { id: string; userId: string; createdAt: Date; expiresAt: Date }) {
  await db.delete(sessions).where(and(eq(sessions.userId, values.userId), lt(sessions.expiresAt, values.createdAt)));
  await db.insert(sessions).values(values);
}

/** The session with its user, while it is neither revoked nor expired. */
export async function findLiveSession(
  db: Database,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<{ sessionId: string; user: UserRow } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row ?? null;
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
