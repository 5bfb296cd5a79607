/**
 * Replaces the member's pronunciations with a list already checked whole by the shared schema (a
 * list that breaks a limit never reaches here, so the saved one stays). Episodes made from now on
 * are voiced with it; those made before keep their audio.
 */
import type { PronunciationEntry } from '../../shared/api/pronunciations.ts';
import type { Database } from '../db/client.ts';
import { savePronunciations as storePronunciations } from '../repositories/pronunciation-repository.ts';
import type { Caller } from './identify-caller.ts';

export async function savePronunciations(
  deps: { db: Database; clock: () => Date },
  caller: Caller,
  entries: PronunciationEntry[],
): Promise<{ entries: PronunciationEntry[] }> {
  await storePronunciations(deps.db, caller.userId, entries, deps.clock());
  return { entries };
}
