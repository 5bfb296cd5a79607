import { expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { takeDailyConversion } from './limits.ts';

describeEachDatabase('daily conversion limits', (ctx) => {
  const deps = (limit: number) => ({
    db: ctx.db,
    config: { limits: { freeDailyPodcasts: limit, anonymousDailyPodcasts: limit, registrationsPerHour: 10 } },
    clock: () => new Date(),
  });

  it('counts a refused request as nothing: a conversion given back is free again though others were refused meanwhile', async () => {
    const subject = { caller: null, clientAddress: `limits-${ctx.kind}-${Date.now()}` };
    const giveBack = await takeDailyConversion(deps(1), subject);
    for (let i = 0; i < 3; i++) {
      const refused = await takeDailyConversion(deps(1), subject).then(() => null, (err: unknown) => err);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // The page could not be read: the one conversion of the day is given back, and can be taken.
    await giveBack();
    await expect(takeDailyConversion(deps(1), subject)).resolves.toBeTypeOf('function');
  });

  it('lets exactly the limit through when many ask at once', async () => {
    const subject = { caller: { userId: `limits-user-${ctx.kind}-${Date.now()}`, isPremium: false }, clientAddress: null };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => takeDailyConversion(deps(3), subject)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });
});
