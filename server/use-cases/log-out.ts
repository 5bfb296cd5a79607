import type { Database } from '../db/client.ts';
import { revokeSession } from '../repositories/session-repository.ts';

/** Ends the session: its token stops working even before it expires. */
export async function logOut(deps: { db: Database; clock: () => Date }, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock());
}
