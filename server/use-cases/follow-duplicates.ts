/**
 * A followed item whose article the member already has is not made again: its address, before and
 * after the page's redirects, without tracking parameters, is compared with their podcasts' pages.
 */
import type { Database } from '../db/client.ts';
import { ownedSourceUrls } from '../repositories/podcast-repository.ts';
import { comparableAddress } from '../../shared/comparable-address.ts';

/** What the follow records of an item passed over this way. */
export const ALREADY_A_PODCAST = 'Already one of your podcasts.';

/** Whether one of `addresses` (an item's, the page's after redirects) is a page of one of the member's podcasts. */
export async function memberHasPage(db: Database, userId: string, addresses: readonly string[]): Promise<boolean> {
  const wanted = new Set(addresses.map(comparableAddress).filter((a): a is string => a !== null));
  if (wanted.size === 0) return false;
  return (await ownedSourceUrls(db, userId)).some((url) => wanted.has(comparableAddress(url) ?? ''));
}
