import type { Database } from '../db/client.ts';
import { setFeedToken } from '../repositories/user-repository.ts';
import { feedUrl, newFeedToken } from './get-feed-address.ts';

/** A new secret feed address; the old one stops working. */
export async function rotateFeedAddress(deps: { db: Database; config: { publicUrl: string } }, userId: string): Promise<string> {
  const token = newFeedToken();
  await setFeedToken(deps.db, userId, token);
  return feedUrl(deps.config.publicUrl, token);
}
