/** Questions asked of a podcast: the `questions` table. */
import { asc, eq, isNotNull, and } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { questions } from '../db/schema.ts';

export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionRow = typeof questions.$inferInsert;

export async function insertQuestion(db: Database, values: NewQuestionRow): Promise<QuestionRow> {
  const [row] = await db.insert(questions).values(values).returning();
  return row!;
}

/** A podcast's questions, in the order asked. */
export async function listQuestions(db: Database, podcastId: string): Promise<QuestionRow[]> {
  return db.select().from(questions).where(eq(questions.podcastId, podcastId)).orderBy(asc(questions.createdAt), asc(questions.id));
}

export async function findQuestion(db: Database, podcastId: string, id: string): Promise<QuestionRow | null> {
  const [row] = await db.select().from(questions).where(and(eq(questions.podcastId, podcastId), eq(questions.id, id)));
  return row ?? null;
}

/** The audio keys of a podcast's answers (removed with it). */
export async function questionAudioKeys(db: Database, podcastId: string): Promise<string[]> {
  const rows = await db
    .select({ key: questions.audioKey })
    .from(questions)
    .where(and(eq(questions.podcastId, podcastId), isNotNull(questions.audioKey)));
  return rows.map((r) => r.key!);
}
