/** The member's own pronunciations, in their order (none until they save a list). */
import type { PronunciationEntry } from '../../shared/api/pronunciations.ts';
import type { Database } from '../db/client.ts';
import { findPronunciations } from '../repositories/pronunciation-repository.ts';
import type { Caller } from './identify-caller.ts';

export async function getPronunciations(deps: { db: Database }, caller: Caller): Promise<{ entries: PronunciationEntry[] }> {
  return { entries: await findPronunciations(deps.db, caller.userId) };
}
