/**
 * Pauses or resumes a follow, or changes how its items are told (mode, minutes, digest and its hour).
 * A paused follow's new items pass by: resumed, it goes on from the items that come after.
 */
import type { Follow, UpdateFollow } from '../../shared/api/follows.ts';
import { FOLLOW_MESSAGES } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findFollow, updateFollow } from '../repositories/follow-repository.ts';
import { toFollow } from './follow-site.ts';
import type { Caller } from './identify-caller.ts';

export async function changeFollow(deps: { db: Database }, caller: Caller, id: string, change: UpdateFollow): Promise<Follow> {
  const row = await findFollow(deps.db, caller.userId, id);
  if (!row) throw new AppError('NOT_FOUND', { message: FOLLOW_MESSAGES.notFound });
  const mode = change.mode ?? row.mode;
  // A length only for the modes that take one: a mode without it drops the length.
  const minutes = change.minutes !== undefined ? change.minutes : mode === 'podcast' || mode === 'conversation' ? row.minutes : null;
  await updateFollow(deps.db, id, {
    ...(change.paused !== undefined ? { paused: change.paused, error: null } : {}),
    ...(change.mode !== undefined ? { mode: change.mode } : {}),
    minutes,
    ...(change.digest !== undefined ? { digest: change.digest } : {}),
    ...(change.digestHour !== undefined ? { digestHour: change.digestHour } : {}),
  });
  return toFollow((await findFollow(deps.db, caller.userId, id))!);
}
