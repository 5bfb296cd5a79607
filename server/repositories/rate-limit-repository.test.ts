import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { purgeStale, refund, reset, stamp, stampedSince, take } from './rate-limit-repository.ts';

describeEachDatabase('fixed-window rate limits', (ctx) => {
  const t0 = new Date('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const window = (now: Date) => ({ limit: 3, windowMs: 60_000, now });

  it('allows the limit and refuses the rest without counting them or moving the window', async () => {
    const key = 'test:take';
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await take(ctx.db, key, window(at(i * 10_000))));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 3, 3, 3]);
    // The window still ends a minute after the first take, however often it was asked since.
    expect(results[3]).toMatchObject({ retryAfterSeconds: 30 });
    expect(results[5]).toMatchObject({ retryAfterSeconds: 10 });
  });

  it('starts a new window once the old one has run out', async () => {
    const key = 'test:window';
    for (let i = 0; i < 4; i++) await take(ctx.db, key, window(t0));
    expect((await take(ctx.db, key, window(at(59_999)))).allowed).toBe(false);
    const fresh = await take(ctx.db, key, window(at(60_000)));
    expect(fresh).toMatchObject({ allowed: true, count: 1, retryAfterSeconds: 60 });
  });

  it('lets exactly the limit through when many ask at once, and a refund frees a slot', async () => {
    const key = 'test:concurrent';
    const results = await Promise.all(Array.from({ length: 20 }, () => take(ctx.db, key, window(t0))));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => r.allowed).map((r) => r.count).sort()).toEqual([1, 2, 3]);
    expect((await take(ctx.db, key, window(t0))).allowed).toBe(false);
    await refund(ctx.db, key);
    expect(await take(ctx.db, key, window(t0))).toMatchObject({ allowed: true, count: 3 });
  });

  it('refuses at once with a limit of 0', async () => {
    expect(await take(ctx.db, 'test:zero', { limit: 0, windowMs: 60_000, now: t0 })).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });

  it('stamp remembers when a key last happened, and stampedSince tells whether that was recently enough', async () => {
    const key = 'test:stamp';
    expect(await stampedSince(ctx.db, key, t0)).toBe(false);
    await stamp(ctx.db, key, at(10_000));
    expect(await stampedSince(ctx.db, key, at(10_000))).toBe(true);
    expect(await stampedSince(ctx.db, key, at(10_001))).toBe(false);
    await stamp(ctx.db, key, at(20_000));
    await stamp(ctx.db, key, at(15_000)); // an older stamp does not move it back
    expect(await stampedSince(ctx.db, key, at(20_000))).toBe(true);
  });

  it('reset forgets the key', async () => {
    const key = 'test:reset';
    for (let i = 0; i < 3; i++) await take(ctx.db, key, window(t0));
    expect((await take(ctx.db, key, window(t0))).allowed).toBe(false);
    await reset(ctx.db, key);
    expect(await take(ctx.db, key, window(t0))).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps keys apart', async () => {
    for (let i = 0; i < 4; i++) await take(ctx.db, 'test:a', window(t0));
    expect((await take(ctx.db, 'test:b', window(t0))).allowed).toBe(true);
  });

  it('purges the counters of a prefix whose window started before a given time, and only those', async () => {
    await take(ctx.db, 'purge:old', window(t0));
    await take(ctx.db, 'purge:recent', window(at(120_000)));
    await take(ctx.db, 'other:old', window(t0));
    expect(await purgeStale(ctx.db, at(60_000), 'purge:')).toBe(1);
    expect((await take(ctx.db, 'purge:old', window(at(10_000)))).count).toBe(1);
    expect((await take(ctx.db, 'purge:recent', window(at(120_000)))).count).toBe(2);
    expect((await take(ctx.db, 'other:old', window(at(10_000)))).count).toBe(2);
  });
});
