import { expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { takeDailyConversion, takePageFetch } from './limits.ts';

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

describeEachDatabase('hourly page fetches', (ctx) => {
  const limits = { fetchesPerHour: 3, premiumFetchesPerHour: 5, failedFetchesPerHour: 2 };
  const take = (subject: Parameters<typeof takePageFetch>[1]) => takePageFetch({ db: ctx.db, config: { limits }, clock: () => new Date() }, subject);

  it('lets no more fetches start at once than both limits allow', async () => {
    const subject = { caller: null, clientAddress: `fetches-${ctx.kind}-${Date.now()}` };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => take(subject)));
    // Every fetch under way holds a failure slot too, so the lower of the two limits is reached first.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  });

  it('counts each fetch as a page read or as a failure, never both', async () => {
    const subject = { caller: { userId: `fetches-user-${ctx.kind}-${Date.now()}`, isPremium: false }, clientAddress: null };
    for (let i = 0; i < 3; i++) await (await take(subject)).succeeded();
    // The three pages read used no failure: two failures still fit, then nothing is fetched.
    const failing = await take(subject).catch((err: unknown) => err);
    expect(failing).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many pages fetched/) });
    const premium = { caller: { ...subject.caller, userId: `${subject.caller.userId}-p`, isPremium: true }, clientAddress: null };
    for (let i = 0; i < 2; i++) await (await take(premium)).failed();
    await expect(take(premium)).rejects.toMatchObject({ message: expect.stringMatching(/^Too many pages could not be read/) });
  });
});
