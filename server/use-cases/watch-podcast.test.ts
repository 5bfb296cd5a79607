import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createLogger } from '../lib/logger.ts';
import { deletePodcast, insertPodcast, newPodcastId, updatePodcast } from '../repositories/podcast-repository.ts';
import { changeOf, createPodcastEvents, type PodcastChange } from '../services/podcasts/events.ts';
import { createPodcastWatchers } from '../services/podcasts/watchers.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { watchPodcast } from './watch-podcast.ts';

describeEachDatabase('watching a podcast', (ctx) => {
  const queued = (name: string) => {
    const now = new Date();
    return insertPodcast(ctx.db, { id: newPodcastId(now), anonymousToken: `watch-${name}-${now.getTime()}`, title: 'Tides', status: 'queued', createdAt: now, updatedAt: now });
  };
  const ownerOf = (row: { anonymousToken: string | null }) => ({ anonymousToken: row.anonymousToken! });
  const watchersFor = (events: ReturnType<typeof createPodcastEvents>, rereadMs?: number) =>
    createPodcastWatchers({ db: ctx.db, events, logger: createLogger('silent'), caps: { perOwner: 10, perPodcast: 5 }, ...(rereadMs ? { rereadMs } : {}) });

  /** Takes the watch's changes until one satisfies `until`, or the watch ends. */
  async function take(watch: AsyncGenerator<PodcastChange>, until: (c: PodcastChange) => boolean) {
    const seen: PodcastChange[] = [];
    for await (const change of watch) {
      seen.push(change);
      if (until(change)) break;
    }
    return seen;
  }

  it('starts with the current state, and ends at once on a final one', async () => {
    const events = createPodcastEvents();
    const row = await queued('final');
    await updatePodcast(ctx.db, row.id, { status: 'ready', progress: 100 });
    const seen = await take(watchPodcast({ db: ctx.db, watchers: watchersFor(events) }, row.id, ownerOf(row), new AbortController().signal), () => false);
    expect(seen.map((c) => c.status)).toEqual(['ready']);
  });

  it('answers NOT_FOUND to anyone but the owner', async () => {
    const events = createPodcastEvents();
    const row = await queued('stranger');
    const watch = watchPodcast({ db: ctx.db, watchers: watchersFor(events) }, row.id, { anonymousToken: 'someone-else-entirely' }, new AbortController().signal);
    await expect(watch.next()).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'NOT_FOUND');
  });

  it('follows published changes to the final one', async () => {
    const events = createPodcastEvents();
    const row = await queued('published');
    const watch = watchPodcast({ db: ctx.db, watchers: watchersFor(events) }, row.id, ownerOf(row), new AbortController().signal);
    expect((await watch.next()).value).toMatchObject({ status: 'queued' });
    const rest = take(watch, () => false);
    for (const values of [{ status: 'speaking', progress: 40 }, { status: 'ready', progress: 100 }]) {
      events.publish(changeOf((await updatePodcast(ctx.db, row.id, values))!));
    }
    expect((await rest).map((c) => c.progress)).toEqual([40, 100]);
  });

  it('ends when the server shuts down, and at once when opened after', async () => {
    const events = createPodcastEvents();
    const watchers = watchersFor(events);
    const row = await queued('shutdown');
    const open = watchPodcast({ db: ctx.db, watchers }, row.id, ownerOf(row), new AbortController().signal);
    await open.next();
    const rest = take(open, () => false);
    events.closeAll();
    expect(await rest).toEqual([]);
    const late = await take(watchPodcast({ db: ctx.db, watchers }, row.id, ownerOf(row), new AbortController().signal), () => false);
    expect(late.map((c) => c.status)).toEqual(['queued']);
  });

  describe('without the change being published to it', () => {
    it('reads the podcast again when the relay says changes may have been missed', async () => {
      const events = createPodcastEvents();
      const row = await queued('resync');
      // The safety read an hour away: only the resync can bring the change (the test's timeout is the net).
      const watch = watchPodcast({ db: ctx.db, watchers: watchersFor(events, 3_600_000) }, row.id, ownerOf(row), new AbortController().signal);
      expect((await watch.next()).value).toMatchObject({ status: 'queued' });
      await updatePodcast(ctx.db, row.id, { status: 'speaking', progress: 40 });
      const next = watch.next();
      events.resync();
      expect((await next).value).toMatchObject({ status: 'speaking', progress: 40 });
      await watch.return(undefined);
    });

    it('reads every watched podcast on one timer, and ends when its podcast was deleted', async () => {
      const events = createPodcastEvents();
      const watchers = watchersFor(events, 50);
      const [a, b] = [await queued('timer-a'), await queued('timer-b')];
      const watchA = watchPodcast({ db: ctx.db, watchers }, a.id, ownerOf(a), new AbortController().signal);
      const watchB = watchPodcast({ db: ctx.db, watchers }, b.id, ownerOf(b), new AbortController().signal);
      await Promise.all([watchA.next(), watchB.next()]);
      await updatePodcast(ctx.db, a.id, { status: 'writing', progress: 5 });
      await deletePodcast(ctx.db, b.id);
      expect(await take(watchA, (c) => c.status === 'writing')).toContainEqual(expect.objectContaining({ status: 'writing', progress: 5 }));
      // The deleted podcast publishes nothing: the read finds it gone and the watch ends.
      await take(watchB, () => false);
      await watchA.return(undefined);
    });
  });
});
