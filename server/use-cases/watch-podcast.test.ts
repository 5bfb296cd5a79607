import { describe, expect, it } from 'vitest';
import { insertPodcast, newPodcastId, updatePodcast } from '../repositories/podcast-repository.ts';
import { createPodcastEvents, type PodcastChange } from '../services/podcasts/events.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { watchPodcast } from './watch-podcast.ts';

describeEachDatabase('watching a podcast', (ctx) => {
  const queued = (name: string) => {
    const now = new Date();
    return insertPodcast(ctx.db, { id: newPodcastId(now), anonymousToken: `watch-${name}-${now.getTime()}`, title: 'Tides', status: 'queued', createdAt: now, updatedAt: now });
  };

  /** Takes the watch's changes until one satisfies `until`. */
  async function take(watch: AsyncGenerator<PodcastChange>, until: (c: PodcastChange) => boolean) {
    const seen: PodcastChange[] = [];
    for await (const change of watch) {
      seen.push(change);
      if (until(change)) break;
    }
    return seen;
  }

  describe('without the change being published to it', () => {
    it('sees a change stored between the caller’s read and its subscription', async () => {
      const events = createPodcastEvents();
      const row = await queued('gap');
      await updatePodcast(ctx.db, row.id, { status: 'ready', progress: 100 });
      const seen = await take(watchPodcast({ db: ctx.db, events }, row, new AbortController().signal), (c) => c.status === 'ready');
      expect(seen.map((c) => c.status)).toEqual(['queued', 'ready']);
    });

    it('reads the podcast again when the relay says changes may have been missed', async () => {
      const events = createPodcastEvents();
      const row = await queued('resync');
      const watch = watchPodcast({ db: ctx.db, events }, row, new AbortController().signal);
      expect((await watch.next()).value).toMatchObject({ status: 'queued' });
      expect((await watch.next()).value).toMatchObject({ status: 'queued' }); // the read after subscribing
      await updatePodcast(ctx.db, row.id, { status: 'speaking', progress: 40 });
      const next = watch.next();
      events.resync();
      // At once, not at the 15 s safety read.
      const late = new Promise((resolve) => setTimeout(() => resolve('late'), 2000));
      expect(await Promise.race([next.then((r) => r.value), late])).toMatchObject({ status: 'speaking', progress: 40 });
      await watch.return(undefined);
    });
  });
});
