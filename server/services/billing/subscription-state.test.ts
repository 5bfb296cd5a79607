import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { isEntitled, shouldFollow, snapshotOf } from './subscription-state.ts';

describe('isEntitled', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['incomplete', false],
    ['past_due', false],
    ['unpaid', false],
    ['canceled', false],
    ['incomplete_expired', false],
    ['paused', false],
    [null, false],
  ])('%s → %s', (status, expected) => {
    expect(isEntitled(status)).toBe(expected);
  });
});

describe('shouldFollow: which subscription a member row follows', () => {
  it.each([
    ['nothing stored yet', { subscriptionId: null, status: null }, { subscriptionId: 'sub_new', status: 'incomplete' }, true],
    ['the same subscription, any status', { subscriptionId: 'sub_a', status: 'active' }, { subscriptionId: 'sub_a', status: 'canceled' }, true],
    ['a live subscription replaces a dead one', { subscriptionId: 'sub_a', status: 'canceled' }, { subscriptionId: 'sub_b', status: 'active' }, true],
    ['a new attempt replaces a dead one', { subscriptionId: 'sub_a', status: 'canceled' }, { subscriptionId: 'sub_b', status: 'incomplete' }, true],
    ['an old subscription ending does not end the live one', { subscriptionId: 'sub_b', status: 'active' }, { subscriptionId: 'sub_a', status: 'canceled' }, false],
    ['an expired attempt does not replace a newer one', { subscriptionId: 'sub_b', status: 'incomplete' }, { subscriptionId: 'sub_a', status: 'incomplete_expired' }, false],
    ['an open attempt does not replace a live subscription', { subscriptionId: 'sub_a', status: 'active' }, { subscriptionId: 'sub_b', status: 'incomplete' }, false],
  ])('%s', (_name, stored, incoming, expected) => {
    expect(shouldFollow(stored, incoming)).toBe(expected);
  });
});

describe('snapshotOf', () => {
  it('takes the period end from the items (API 2025-03-31 on) and the customer id from an expanded customer', () => {
    const subscription = {
      id: 'sub_1',
      customer: { id: 'cus_1' },
      status: 'active',
      cancel_at_period_end: true,
      items: { data: [{ current_period_end: 1_800_000_000 }, { current_period_end: 1_700_000_000 }] },
    } as unknown as Stripe.Subscription;
    expect(snapshotOf(subscription)).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      periodEnd: new Date(1_800_000_000 * 1000),
      cancelAtPeriodEnd: true,
    });
  });
});
