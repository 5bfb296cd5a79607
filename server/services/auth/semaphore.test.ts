import { describe, expect, it } from 'vitest';
import { createSemaphore, SemaphoreFullError } from './semaphore.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createSemaphore', () => {
  it('runs at most `slots` tasks at once and the rest in order', async () => {
    const semaphore = createSemaphore(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        semaphore.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick();
          order.push(i);
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(semaphore.active).toBe(0);
  });

  it('refuses a task when the queue is full, and frees the slot of a task that failed', async () => {
    const semaphore = createSemaphore(1, 1);
    const first = semaphore.run(async () => {
      await tick();
      throw new Error('boom');
    });
    const second = semaphore.run(async () => 'second');
    await expect(semaphore.run(async () => 'third')).rejects.toBeInstanceOf(SemaphoreFullError);
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBe('second');
    await expect(semaphore.run(async () => 'again')).resolves.toBe('again');
  });
});
