import crypto from 'node:crypto';
import type { Database } from '../db/client.ts';
import { findUser, setFeedToken } from '../repositories/user-repository.ts';

export const FEED_MESSAGE = 'Upgrade to Premium to get your private podcast feed';

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/feed/${token}/rss.xml`;
export const newFeedToken = () => crypto.randomBytes(24).toString('base64url');

/** The member's secret feed address, made on first request. */
export async function getFeedAddress(deps: { db: Database; config: { publicUrl: string } }, userId: string): Promise<string> {
  let token = (await findUser(deps.db, userId))?.feedToken;
  if (!token) {
    token = newFeedToken();
    await setFeedToken(deps.db, userId, token);
  }
  return feedUrl(deps.config.publicUrl, token);
}
