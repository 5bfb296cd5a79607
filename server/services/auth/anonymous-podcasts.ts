/**
 * Podcasts an anonymous visitor made in this browser (tied together by the X-Pagecast-Anonymous
 * token) move into the account when the visitor signs in or registers.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { podcasts } from '../../db/schema.ts';

/** Tokens are UUIDs; anything else is ignored rather than matched. */
const TOKEN_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

/** Moves the token's unclaimed podcasts into the account; answers how many moved. */
export async function claimAnonymousPodcasts(
  db: Database,
  userId: string,
  anonymousToken: string | undefined | null,
): Promise<number> {
  if (!anonymousToken || !TOKEN_PATTERN.test(anonymousToken)) return 0;
  const moved = await db
    .update(podcasts)
    .set({ userId, anonymousToken: null })
    .where(and(eq(podcasts.anonymousToken, anonymousToken), isNull(podcasts.userId)))
    .returning({ id: podcasts.id });
  return moved.length;
}
