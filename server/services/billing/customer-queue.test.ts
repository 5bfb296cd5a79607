import { describe, expect, it } from 'vitest';
import { oneAtATimePerCustomer } from './customer-queue.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('oneAtATimePerCustomer', () => {
  it("runs one customer's tasks in the order they came, another customer's alongside", async () => {
    const app = {};
    const log: string[] = [];
    let openA1!: () => void;
    const a1Held = new Promise<void>((resolve) => (openA1 = resolve));
    const task = (name: string, until: Promise<unknown> = tick(1)) => async () => {
      log.push(`${name} start`);
      await until;
      log.push(`${name} end`);
      return name;
    };
    const a1 = oneAtATimePerCustomer(app, 'cus_a', task('a1', a1Held));
    const a2 = oneAtATimePerCustomer(app, 'cus_a', task('a2'));
    const b1 = oneAtATimePerCustomer(app, 'cus_b', task('b1'));
    // While a1 is held, b1 runs to its end and a2 has not started.
    expect(await b1).toBe('b1');
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end']);
    openA1();
    expect(await Promise.all([a1, a2])).toEqual(['a1', 'a2']);
    expect(log.slice(3)).toEqual(['a1 end', 'a2 start', 'a2 end']);
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
