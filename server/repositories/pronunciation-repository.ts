/** A member's pronunciation list: one row, its entries replaced whole. */
import { eq } from 'drizzle-orm';
import type { PronunciationEntry } from '../../shared/api/pronunciations.ts';
import type { Database } from '../db/client.ts';
import { pronunciationLists } from '../db/schema.ts';

/** The member's entries in their order; none when they never saved a list. */
export async function findPronunciations(db: Database, userId: string): Promise<PronunciationEntry[]> {
  const [row] = await db.select({ entries: pronunciationLists.entries }).from(pronunciationLists).where(eq(pronunciationLists.userId, userId));
  return row?.entries ?? [];
}

/** Replaces the member's list in one statement. */
export async function savePronunciations(db: Database, userId: string, entries: PronunciationEntry[], now: Date): Promise<void> {
  await db
    .insert(pronunciationLists)
    .values({ userId, entries, updatedAt: now })
    .onConflictDoUpdate({ target: pronunciationLists.userId, set: { entries, updatedAt: now } });
}
