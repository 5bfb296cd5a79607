/**
 * A member's digest across follows, over the real app and a local site with two feeds (checked every
 * second here): `GET`/`PUT /api/follows/digest` read and set its hour; once the hour has come, one
 * episode is made of every follow's waiting items, a chapter each; a new item waits for the next
 * day; turned off, the waiting item is made on its own. Today's digest is held (taken in the
 * database, as a check takes it) until both follows hold their items, so the test does not depend on
 * which follow's first check comes first.
 */
import { expect, it } from 'vitest';
import { memberDigestSchema } from '../../shared/api/follows.ts';
import type { Podcast } from '../../shared/api/podcasts.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { releaseMemberDigestDay, takeMemberDigestDay } from '../repositories/follow-repository.ts';
import { findUserByEmail } from '../repositories/user-repository.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { LOG_ENTRIES } from '../test/feed-server.ts';
import { useFollowsApp } from '../test/follows-app.ts';
import { waitFor } from '../test/wait.ts';

describeEachDatabase('a member’s digest across follows', (ctx) => {
  const world = useFollowsApp(ctx, ['eve']);
  const call = (path: string, method = 'GET', body?: unknown) => world.call('eve', path, method, body);
  const podcasts = () => world.podcastsOf('eve');
  const follows = () => world.followsOf('eve');
  const follow = (url: string, mode?: 'read') => world.follow('eve', { url, ...(mode ? { mode } : {}) });
  const untilPodcasts = (done: (p: Podcast[]) => boolean) => world.untilPodcasts('eve', done);
  const digest = async (method = 'GET', body?: unknown) => memberDigestSchema.parse(await (await call('/api/follows/digest', method, body)).json());

  it('makes one episode a day of every follow’s waiting items, a chapter each; off, an item is made on its own', async () => {
    expect(await digest()).toEqual({ digestHour: null });
    expect((await call('/api/follows/digest', 'PUT', { digestHour: 24 })).status).toBe(400);
    expect((await call('/api/follows/digest', 'PUT', { hour: 7 })).status).toBe(400);
    const hour = new Date().getUTCHours();
    expect(await digest('PUT', { digestHour: hour })).toEqual({ digestHour: hour });
    expect(await digest()).toEqual({ digestHour: hour });

    const member = (await findUserByEmail(world.deps.db, world.emailOf('eve')))!;
    const today = new Date().toISOString().slice(0, 10);
    expect(await takeMemberDigestDay(world.deps.db, member.id, today, hour)).toEqual({ previous: null });
    await follow(`${world.site.url}/feed.xml`, 'read');
    await follow(`${world.site.url}/log.xml`);
    await waitFor(follows, (f) => f.length === 2 && f.every((x) => x.lastCheckedAt !== null));
    await world.afterChecks(1);
    expect(await podcasts()).toEqual([]);
    await releaseMemberDigestDay(world.deps.db, member.id, today, null);

    const [made] = await untilPodcasts((p) => p.length === 1 && p[0]!.status === 'ready');
    // The oldest first: the harbour's three newest items, then the log's entries.
    const titles = [...[3, 4, 5].map((n) => `Harbour news number ${n}`), ...LOG_ENTRIES.map((e) => e.title)];
    expect(made!.sources?.map((s) => s.title)).toEqual(titles);
    const transcript = transcriptSchema.parse(await (await call(`/api/podcasts/${made!.id}/transcript.json`)).json());
    expect(transcript.chapters.map((c) => c.title)).toEqual(titles);
    expect((await follows()).map((f) => f.error)).toEqual([null, null]);
    // Each item's page is read once: to fit the day's episode, which is then made from that reading.
    expect([3, 4, 5, 1, 2].map((n, i) => world.site.requests(i < 3 ? `/items/${n}` : `/log/${n}`).length)).toEqual([1, 1, 1, 1, 1]);

    // One a day: a new item waits for the next day's.
    world.site.add(6);
    await world.afterChecks(2);
    expect(await podcasts()).toHaveLength(1);
    // Off: the follow's own way again, and the waiting item is made on its own.
    expect(await digest('PUT', { digestHour: null })).toEqual({ digestHour: null });
    const after = await untilPodcasts((p) => p.length === 2 && p.every((x) => x.status === 'ready'));
    expect(after.map((p) => p.sourceUrl)).toContain(`${world.site.url}/items/6`);
  });
});
