/**
 * A Stripe subscription's state written onto the member's row, when the row should follow it
 * (shouldFollow: an old subscription's late event never ends the one the member pays for now).
 */
import { writeSubscription, type UserRow } from '../../repositories/member-repository.ts';
import type { Database } from '../../db/client.ts';
import { shouldFollow, type SubscriptionSnapshot } from './subscription-state.ts';

/** Answers the member's row as it now stands. */
export async function applySnapshot(db: Pick<Database, 'select' | 'update'>, member: UserRow, snapshot: SubscriptionSnapshot): Promise<UserRow> {
  if (!shouldFollow({ subscriptionId: member.subscriptionId, status: member.subscriptionStatus }, snapshot)) return member;
  return writeSubscription(db, member, snapshot);
}
