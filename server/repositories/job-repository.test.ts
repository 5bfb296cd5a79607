import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { jobs, podcasts, users } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { claimJob, enqueueJob } from './job-repository.ts';
import { movePodcastsToAccount } from './podcast-repository.ts';

describeEachDatabase('fair job claims', (ctx) => {
  let n = 0;
  const t0 = Date.now() - 60_000;
  const clear = () => ctx.db.delete(jobs);
  const member = async () => {
    const id = `member-${++n}-${t0}`;
    await ctx.db.insert(users).values({ id, email: `${id}@example.com`, passwordHash: 'x' });
    return { userId: id };
  };
  /** Queues `count` podcasts of one owner, each due a moment after the one queued before. */
  const queue = async (owner: { userId: string } | { anonymousToken: string }, count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const podcastId = `podcast-${++n}-${t0}`;
      await ctx.db.insert(podcasts).values({ id: podcastId, title: 't', ...owner });
      ids.push((await enqueueJob(ctx.db, podcastId, 'convert', new Date(t0 + n))).id);
    }
    return ids;
  };
  const claim = async (worker: string, now = new Date()) => (await claimJob(ctx.db, worker, 60_000, now))?.id;

  it("takes another member's job before the second of one member's eight", async () => {
    await clear();
    const busy = await queue(await member(), 8);
    const [other] = await queue(await member(), 1);
    expect(await claim('slot-1')).toBe(busy[0]);
    expect(await claim('slot-2')).toBe(other);
    // One job running each: the longest due goes next.
    expect(await claim('slot-3')).toBe(busy[1]);
  });

  it('gives a podcast with no audio yet the slot before one that has some and waited longer', async () => {
    await clear();
    // Two members each with one job waiting and none running: one resumes a podcast half made.
    const [resumed] = await queue(await member(), 1);
    const [fresh] = await queue(await member(), 1);
    const [half] = await ctx.db.select().from(jobs).where(eq(jobs.id, resumed!));
    await ctx.db.update(podcasts).set({ madeMs: 60_000 }).where(eq(podcasts.id, half!.podcastId!));
    expect(await claim('slot-1')).toBe(fresh);
    expect(await claim('slot-2')).toBe(resumed);
  });

  it('counts an anonymous visitor as an owner, apart from members', async () => {
    await clear();
    const visitor = await queue({ anonymousToken: `browser-${t0}` }, 3);
    const [mine] = await queue(await member(), 1);
    expect(await claim('slot-1')).toBe(visitor[0]);
    expect(await claim('slot-2')).toBe(mine);
  });

  it("counts a visitor's jobs as the member's once the visitor signs up", async () => {
    await clear();
    const token = `browser-moved-${t0}`;
    const visitor = await queue({ anonymousToken: token }, 2);
    const account = await member();
    const [own] = await queue(account, 1);
    const [other] = await queue(await member(), 1);
    expect(await claim('slot-1')).toBe(visitor[0]);
    await movePodcastsToAccount(ctx.db, token, account.userId);
    // The running job moved is the member's now: the member's own next job waits behind another member's.
    expect(await claim('slot-2')).toBe(other);
    expect(await claim('slot-3')).toBe(visitor[1]);
    expect(await claim('slot-4')).toBe(own);
  });

  it('takes over a job whose lease ran out, which holds its owner back no more', async () => {
    await clear();
    const owner = await member();
    const [lapsed] = await queue(owner, 2);
    const [other] = await queue(await member(), 1);
    const now = new Date();
    expect((await claimJob(ctx.db, 'crashed', 1000, now))?.id).toBe(lapsed);
    const later = new Date(now.getTime() + 2000);
    const taken = await claimJob(ctx.db, 'slot-2', 60_000, later);
    expect(taken).toMatchObject({ id: lapsed, attempts: 2, lockedBy: 'slot-2' });
    expect(await claim('slot-3', later)).toBe(other);
  });

  // PGlite has one connection; claims at the same moment need two.
  it.skipIf(ctx.kind !== 'postgres')('shares claims made at the same moment on two connections between owners', async () => {
    const second = await openDatabase({ databaseUrl: ctx.url!, migrate: false });
    try {
      for (let round = 0; round < 5; round++) {
        await clear();
        const busy = await queue(await member(), 4);
        const [other] = await queue(await member(), 1);
        const claimed = await Promise.all([claimJob(ctx.db, 'a', 60_000), claimJob(second.db, 'b', 60_000)]);
        expect(claimed.map((job) => job?.id).sort()).toEqual([busy[0], other].sort());
      }
    } finally {
      await second.close();
    }
  });
});
