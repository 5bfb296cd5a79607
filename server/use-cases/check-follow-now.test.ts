/**
 * "Check now" over the real app and a local feed site whose interval (an hour) never comes in the
 * test: the member's POST /api/follows/:id/check makes a new item at once; another member's is 404;
 * a paused follow is refused; past the window's checks, 429 says when to ask again. An item whose
 * address is one of the member's podcasts' pages (with tracking parameters, or through a redirect)
 * is not made again. And a shortened interval moves up a check scheduled under the longer one.
 */
import { expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { followSchema } from '../../shared/api/follows.ts';
import { FOLLOW_MESSAGES } from '../../shared/errors.ts';
import { rescheduleFeedChecks } from '../repositories/feed-schedule-repository.ts';
import { findFeedByUrl, pendingItems } from '../repositories/follow-repository.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { useFollowsApp } from '../test/follows-app.ts';
import { waitFor } from '../test/wait.ts';
import { FOLLOW_CHECKS } from './check-follow-now.ts';

describeEachDatabase('checking a follow now', (ctx) => {
  const world = useFollowsApp(ctx, ['ann', 'bob'], { FOLLOW_INTERVAL_SECONDS: '3600' });
  const { call, podcastsOf, follow, untilPodcasts } = world;
  let followId = '';
  let checks = 0;
  const checkNow = async (who = 'ann') => {
    const res = await call(who, `/api/follows/${followId}/check`, 'POST');
    if (res.status === 202) checks += 1;
    return res;
  };
  /** Checks now and waits until the follow's items are all settled (made, skipped or failed). */
  const checkAndSettle = async (page: string) => {
    expect((await checkNow()).status).toBe(202);
    await waitFor(async () => world.site.requests(page).length, (n) => n > 0);
    await waitFor(() => pendingItems(world.deps.db, followId), (waiting) => waiting.length === 0);
  };

  it('makes a new item at once, for its member only', async () => {
    const ann = await follow('ann', { url: `${world.site.url}/feed.xml`, mode: 'read' });
    followId = ann.id;
    await untilPodcasts('ann', (p) => p.length === 3 && p.every((x) => x.status !== 'queued'));
    world.site.add(6);
    expect((await checkNow('bob')).status).toBe(404);
    const res = await checkNow();
    expect(followSchema.parse(await res.json()).id).toBe(followId);
    const made = await untilPodcasts('ann', (p) => p.some((x) => x.sourceUrl === `${world.site.url}/items/6`));
    expect(made).toHaveLength(4);
  });

  it('does not make again an article the member has, whatever tracking its address carries or redirect it takes', async () => {
    world.site.add(7, { guid: 'item-4-shared', path: '/items/4?utm_source=rss&utm_medium=feed&fbclid=IwAR0' });
    await checkAndSettle('/items/4?utm_source=rss&utm_medium=feed&fbclid=IwAR0');
    world.site.add(8, { guid: 'item-5-via-go', path: '/go/5' });
    await checkAndSettle('/go/5');
    expect(await podcastsOf('ann')).toHaveLength(4);
  });

  it('refuses a paused follow, and past the window’s checks says when to ask again', async () => {
    await call('ann', `/api/follows/${followId}`, 'PATCH', { paused: true });
    const paused = await checkNow();
    expect(paused.status).toBe(400);
    expect(errorBodySchema.parse(await paused.json()).error.message).toBe(FOLLOW_MESSAGES.checkPaused);
    await call('ann', `/api/follows/${followId}`, 'PATCH', { paused: false });
    while (checks < FOLLOW_CHECKS.limit) expect((await checkNow()).status).toBe(202);
    const over = await checkNow();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(await over.json()).error.message).toMatch(new RegExp(`^${FOLLOW_MESSAGES.checkedOften} Try again in \\d+ minutes?\\.$`));
  });

  it('moves up a check a longer interval scheduled', async () => {
    const now = new Date();
    await waitFor(() => findFeedByUrl(world.deps.db, `${world.site.url}/feed.xml`), (feed) => feed!.nextCheckAt.getTime() > now.getTime() + 60_000);
    expect(await rescheduleFeedChecks(world.deps.db, now, 1000)).toBeGreaterThanOrEqual(1);
    const feed = await findFeedByUrl(world.deps.db, `${world.site.url}/feed.xml`);
    expect(feed!.nextCheckAt.getTime()).toBeLessThanOrEqual(now.getTime() + 1100);
  });
});
