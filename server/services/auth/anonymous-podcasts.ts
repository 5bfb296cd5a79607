/**
 * Podcasts an anonymous visitor made in this browser (tied together by the X-Pagecast-Anonymous
 * token) move into the account when the visitor signs in or registers.
 */
import type { Database } from '../../db/client.ts';
import { movePodcastsToAccount } from '../../repositories/podcast-repository.ts';

/** Tokens are UUIDs; anything else is ignored rather than matched. */
const TOKEN_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

/** Moves the token's unclaimed podcasts into the account; answers how many moved. */
export async function claimAnonymousPodcasts(
  db: Database,
  userId: string,
  anonymousToken: string | undefined | null,
): Promise<number> {
  if (!anonymousToken || !TOKEN_PATTERN.test(anonymousToken)) return 0;
  return movePodcastsToAccount(db, anonymousToken, userId);
}
