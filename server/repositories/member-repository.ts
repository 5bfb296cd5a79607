/** The billing columns of `users`: reading a member, and writing what Stripe says about them. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export type UserRow = typeof users.$inferSelect;
/** A database or a transaction on it. */
type Executor = Pick<Database, 'select' | 'update'>;

export async function getMember(db: Executor, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('AUTH_REQUIRED', { message: 'Your account no longer exists' });
  return row;
}

export async function findMemberByCustomer(db: Executor, customerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return row;
}

/** Records the member's Stripe customer unless one is recorded already; answers the one that stands. */
export async function claimCustomer(db: Executor, userId: string, customerId: string): Promise<string> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const row = await getMember(db, userId);
  return row.stripeCustomerId ?? customerId;
}

/** The columns of a member's row that mirror a Stripe subscription. */
export interface SubscriptionColumns {
  subscriptionId: string;
  status: string;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Writes a subscription's state onto the member's row; answers the row as it now stands. */
export async function writeSubscription(db: Executor, member: UserRow, subscription: SubscriptionColumns): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      subscriptionId: subscription.subscriptionId,
      subscriptionStatus: subscription.status,
      subscriptionPeriodEnd: subscription.periodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    })
    .where(eq(users.id, member.id))
    .returning();
  return row ?? member;
}
