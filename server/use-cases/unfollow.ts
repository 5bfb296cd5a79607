/** Stops following a site; the episodes its items made stay. */
import { FOLLOW_MESSAGES } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { deleteFollow } from '../repositories/follow-repository.ts';
import type { Caller } from './identify-caller.ts';

export async function unfollow(deps: { db: Database }, caller: Caller, id: string): Promise<void> {
  if (!(await deleteFollow(deps.db, caller.userId, id))) throw new AppError('NOT_FOUND', { message: FOLLOW_MESSAGES.notFound });
}
