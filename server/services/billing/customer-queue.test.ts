import { describe, expect, it } from 'vitest';
import { oneAtATimePerCustomer } from './customer-queue.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('oneAtATimePerCustomer', () => {
  it("runs one customer's tasks in the order they came, another customer's alongside", async () => {
    const app = {};
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await tick(ms);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      oneAtATimePerCustomer(app, 'cus_a', task('a1', 30)),
      oneAtATimePerCustomer(app, 'cus_a', task('a2', 1)),
      oneAtATimePerCustomer(app, 'cus_b', task('b1', 1)),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('lets the next task run after one that failed, and hands each caller its own result', async () => {
    const app = {};
    const failed = oneAtATimePerCustomer(app, 'cus_a', async () => {
      await tick(5);
      throw new Error('Stripe is down');
    });
    const next = oneAtATimePerCustomer(app, 'cus_a', async () => 'applied');
    await expect(failed).rejects.toThrow('Stripe is down');
    await expect(next).resolves.toBe('applied');
  });
});
