/** The member's digest across follows: its hour (UTC), or null when off. */
import type { MemberDigest } from '../../shared/api/follows.ts';
import type { Database } from '../db/client.ts';
import { findMemberDigest } from '../repositories/follow-repository.ts';
import type { Caller } from './identify-caller.ts';

export async function getMemberDigest(deps: { db: Database }, caller: Caller): Promise<MemberDigest> {
  return { digestHour: (await findMemberDigest(deps.db, caller.userId))?.hour ?? null };
}
