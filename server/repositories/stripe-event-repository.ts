/** Stripe events already applied (the `stripe_events` table), so a redelivered event changes nothing. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { stripeEvents } from '../db/schema.ts';

export async function isStripeEventRecorded(db: Database, id: string): Promise<boolean> {
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)).limit(1);
  return Boolean(seen);
}

/** Records the event; false when it was already recorded. */
export async function recordStripeEvent(db: Database, id: string, type: string): Promise<boolean> {
  const inserted = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}
