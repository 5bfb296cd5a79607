/**
 * Turns the member's digest across follows on at an hour (UTC) or off. While on, every unpaused
 * follow's new items wait for one episode a day from that hour, a chapter each, instead of their own
 * episodes or digests; off, they go back to their follows' ways at the next check.
 */
import type { MemberDigest } from '../../shared/api/follows.ts';
import type { Database } from '../db/client.ts';
import { setMemberDigest as storeMemberDigest } from '../repositories/follow-repository.ts';
import { getMemberDigest } from './get-member-digest.ts';
import type { Caller } from './identify-caller.ts';

export async function setMemberDigest(deps: { db: Database }, caller: Caller, digest: MemberDigest): Promise<MemberDigest> {
  await storeMemberDigest(deps.db, caller.userId, digest.digestHour);
  return getMemberDigest(deps, caller);
}
