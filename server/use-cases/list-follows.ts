/** The sites a member follows, oldest first. */
import type { Follow } from '../../shared/api/follows.ts';
import type { Database } from '../db/client.ts';
import { listFollows } from '../repositories/follow-repository.ts';
import { toFollow } from './follow-site.ts';
import type { Caller } from './identify-caller.ts';

export async function listFollowsOf(deps: { db: Database }, caller: Caller): Promise<Follow[]> {
  return (await listFollows(deps.db, caller.userId)).map(toFollow);
}
