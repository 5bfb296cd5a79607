/**
 * Follows under attack, over the real app and a local feed site: ten follows at once past the limit
 * keep the limit; a feed whose links all fail spends its own budget of failures (the follow says its
 * links fail) and never its member's; a follow that goes while its feed is being checked is skipped,
 * and another member following the same feed still gets the new item; a feed of 60,000 items is
 * followed, its newest items kept.
 */
import { expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { estimateResponseSchema } from '../../shared/api/podcasts.ts';
import { FOLLOW_MESSAGES } from '../../shared/errors.ts';
import { MAX_FEED_ITEMS } from '../machinery/follow/parse-feed.ts';
import { feedForUrl, findFeedByUrl, newestItems } from '../repositories/follow-repository.ts';
import { feedItem } from '../test/feed-server.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { useFollowsApp } from '../test/follows-app.ts';
import { waitFor } from '../test/wait.ts';

describeEachDatabase('follows under attack', (ctx) => {
  const world = useFollowsApp(ctx, ['ann', 'bob', 'cat', 'dan', 'eve'], { FOLLOWS_FREE: '3', FOLLOWS_PREMIUM: '3', FAILED_FETCHES_PER_HOUR: '2' });
  const { call, followsOf, follow, untilPodcasts } = world;

  it('keeps the limit when ten follows arrive at once past it', async () => {
    // Feeds the server knows already: no fetch stands between the count and the insert.
    const urls = Array.from({ length: 10 }, (_, i) => `${world.site.url}/empty.xml?race=${i}`);
    for (const url of urls) await feedForUrl(world.deps.db, url, 'Quiet', new Date());
    const answers = await Promise.all(urls.map((url) => call('ann', '/api/follows', 'POST', { url })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403, 403, 403, 403, 403]);
    const refused = answers.find((a) => a.status === 403)!;
    expect(errorBodySchema.parse(await refused.json()).error.message).toBe(FOLLOW_MESSAGES.limit(3));
    expect(await followsOf('ann')).toHaveLength(3);
  });

  it('counts a feed’s failing links against the feed, never against its member', async () => {
    await follow('bob', { url: `${world.site.url}/broken.xml` });
    // Its first check reads the 3 newest items: two fail, the third finds the feed's budget spent.
    const [broken] = await waitFor(() => followsOf('bob'), (f) => !!f[0]?.error?.includes(FOLLOW_MESSAGES.linksFail));
    expect(broken!.error).toContain(FOLLOW_MESSAGES.linksFail);
    // The member's own fetches are untouched: a page reads, and a page that fails is answered for what it is.
    const page = await call('bob', '/api/podcasts/estimate', 'POST', { url: `${world.site.url}/items/1` });
    expect(page.status).toBe(200);
    estimateResponseSchema.parse(await page.json());
    const gone = await call('bob', '/api/podcasts/estimate', 'POST', { url: `${world.site.url}/gone/9` });
    expect(gone.status).not.toBe(429);
  });

  it('skips a follow that goes during a check; another member following the feed still gets the new item', async () => {
    const cats = await follow('cat', { url: `${world.site.url}/held.xml`, mode: 'read' });
    await follow('dan', { url: `${world.site.url}/held.xml`, mode: 'read' });
    await untilPodcasts('dan', (p) => p.length === 1 && p[0]!.status === 'ready');
    await waitFor(() => followsOf('cat'), (f) => f[0]?.lastCheckedAt != null);

    // The next check fetches the feed and waits for its answer; cat unfollows meanwhile.
    const held = world.site.hold();
    world.site.heldItems.push(feedItem(2));
    await held.asked;
    expect((await call('cat', `/api/follows/${cats.id}`, 'DELETE')).status).toBe(200);
    held.release();

    const made = await untilPodcasts('dan', (p) => p.some((x) => x.sourceUrl === `${world.site.url}/items/2` && x.status === 'ready'));
    expect(made).toHaveLength(2);
    const [dans] = await followsOf('dan');
    expect(dans!.error).toBeNull();
  });

  it('follows a feed of 60,000 items, keeping its newest', async () => {
    await follow('eve', { url: `${world.site.url}/big.xml` });
    await waitFor(() => followsOf('eve'), (f) => f[0]?.lastCheckedAt != null);
    const feed = await findFeedByUrl(world.deps.db, `${world.site.url}/big.xml`);
    const items = await newestItems(world.deps.db, feed!.id, 1_000);
    expect(items.length).toBeLessThanOrEqual(MAX_FEED_ITEMS);
    // The feed's first items (its newest): b60000 down; stored together, so in no order of their own.
    const numbers = items.map((item) => Number(item.guid.slice(1)));
    expect(numbers).toContain(60_000);
    expect(Math.min(...numbers)).toBeGreaterThan(60_000 - MAX_FEED_ITEMS);
  });
});
