/**
 * Followed sources over the real app and a local site with a feed (checked every second here):
 * bad addresses get their answer and follow nothing; a follow by the site's address finds its feed;
 * the first check makes the 3 newest items; a new item becomes an episode in the list and the private
 * feed; the same item again (same GUID with new text, or another GUID at the same address) makes
 * nothing; a paused follow makes nothing while another member's follow of the same feed goes on; a
 * digest makes one episode with a chapter per item; an item linking to an image is named; the limit.
 */
import { expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { followSchema } from '../../shared/api/follows.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { CONTENT_MESSAGES, FOLLOW_MESSAGES, notAWebPageMessage } from '../../shared/errors.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { useFollowsApp } from '../test/follows-app.ts';
import { waitFor } from '../test/wait.ts';

describeEachDatabase('followed sources', (ctx) => {
  const world = useFollowsApp(ctx, ['ann', 'bob', 'cat', 'dan'], { FOLLOWS_PREMIUM: '3', FAILED_FETCHES_PER_HOUR: '100' });
  const { call, podcastsOf, followsOf, follow, untilPodcasts, afterChecks } = world;

  it('answers each bad address clearly and follows nothing', async () => {
    const cases: [string, string][] = [
      ['/plain', FOLLOW_MESSAGES.noFeed],
      ['/not-a-feed.xml', FOLLOW_MESSAGES.notAFeed],
      ['/bomb.xml', FOLLOW_MESSAGES.entities],
      ['/huge.xml', FOLLOW_MESSAGES.tooLarge],
      ['/to-private.xml', CONTENT_MESSAGES.privateAddress],
    ];
    for (const [path, message] of cases) {
      const res = await call('dan', '/api/follows', 'POST', { url: `${world.site.url}${path}` });
      expect(res.status, path).toBe(422);
      expect(errorBodySchema.parse(await res.json()).error.message, path).toBe(message);
    }
    const notAddress = await call('dan', '/api/follows', 'POST', { url: 'javascript:alert(1)' });
    expect(notAddress.status).toBe(400);
    expect(await followsOf('dan')).toEqual([]);
    const signedOut = await world.app.request('https://pagecast.test/api/follows');
    expect(signedOut.status).toBe(401);
  });

  it('finds the feed a site names; the first check makes its 3 newest items, in the list and the private feed', async () => {
    const ann = await follow('ann', { url: `${world.site.url}/site`, mode: 'read' });
    expect(ann).toMatchObject({ address: `${world.site.url}/site`, feedUrl: `${world.site.url}/feed.xml`, paused: false, digest: false, mode: 'read' });
    // Bob follows the feed itself: the same feed, fetched for both at once.
    const bob = await follow('bob', { url: `${world.site.url}/feed.xml`, mode: 'read' });
    expect(bob.feedUrl).toBe(ann.feedUrl);

    const made = await untilPodcasts('ann', (p) => p.length === 3 && p.every((x) => x.status === 'ready'));
    expect(made.map((p) => p.sourceUrl).sort()).toEqual([3, 4, 5].map((n) => `${world.site.url}/items/${n}`));
    await untilPodcasts('bob', (p) => p.length === 3);
    const { url } = (await (await call('ann', '/api/feed')).json()) as { url: string };
    const feed = await (await call('ann', new URL(url).pathname)).text();
    for (const n of [3, 4, 5]) expect(feed).toContain(`Harbour news number ${n}`);
    expect(feed).not.toContain('Harbour news number 2');
    const [listed] = await followsOf('ann');
    expect(listed!.lastCheckedAt).not.toBeNull();
    expect(listed!.lastItemAt).not.toBeNull();
    expect(listed!.error).toBeNull();
    expect(listed!.title).toBe('The Harbour Gazette');
  });

  it('makes a new item an episode within an interval; the same item again makes nothing', async () => {
    world.site.add(6);
    const made = await untilPodcasts('ann', (p) => p.some((x) => x.sourceUrl === `${world.site.url}/items/6` && x.status === 'ready'));
    expect(made).toHaveLength(4);
    const { url } = (await (await call('ann', '/api/feed')).json()) as { url: string };
    await waitFor(async () => (await call('ann', new URL(url).pathname)).text(), (xml) => xml.includes('Harbour news number 6'));

    // The same GUID with new text, and another GUID at the same address: the same item.
    world.site.items.find((i) => i.guid === 'item-6')!.text = 'Item 6, corrected: the boat came home an hour later.';
    world.site.add(6, { guid: 'item-6-again' });
    await afterChecks(2);
    expect(await podcastsOf('ann')).toHaveLength(4);
    // Unchanged since, the feed answers 304 and nothing is made either.
    await afterChecks(2);
    expect(await podcastsOf('ann')).toHaveLength(4);
  });

  it('a paused follow makes nothing while another member’s follow of the feed goes on', async () => {
    const [bobs] = await followsOf('bob');
    const paused = await call('bob', `/api/follows/${bobs!.id}`, 'PATCH', { paused: true });
    expect(followSchema.parse(await paused.json()).paused).toBe(true);
    world.site.add(7);
    await untilPodcasts('ann', (p) => p.some((x) => x.sourceUrl === `${world.site.url}/items/7`));
    await afterChecks(1);
    expect((await podcastsOf('bob')).map((p) => p.sourceUrl)).not.toContain(`${world.site.url}/items/7`);
    expect(await podcastsOf('bob')).toHaveLength(4);
  });

  it('a digest makes one episode of the day’s items, a chapter each', async () => {
    const hour = new Date().getUTCHours();
    const cat = await follow('cat', { url: `${world.site.url}/feed.xml?digest`, mode: 'read', digest: true, digestHour: hour });
    expect(cat).toMatchObject({ digest: true, digestHour: hour });
    const [made] = await untilPodcasts('cat', (p) => p.length === 1 && p[0]!.status === 'ready');
    expect(made!.sources?.map((s) => s.title)).toEqual([5, 6, 7].map((n) => `Harbour news number ${n}`));
    const transcript = transcriptSchema.parse(await (await call('cat', `/api/podcasts/${made!.id}/transcript.json`)).json());
    expect(transcript.chapters.map((c) => c.title)).toEqual([5, 6, 7].map((n) => `Harbour news number ${n}`));
    // One a day: later checks of the day make no other.
    await afterChecks(2);
    expect(await podcastsOf('cat')).toHaveLength(1);
  });

  it('names an item that links to an image; stops following on DELETE, the episodes staying; refuses past the limit', async () => {
    const pictures = await follow('dan', { url: `${world.site.url}/images.xml` });
    const failed = await waitFor(() => followsOf('dan'), (f) => !!f[0]?.error);
    expect(failed[0]!.error).toBe(`“A picture” could not be made into an episode: ${notAWebPageMessage('an image')}`);
    expect(await podcastsOf('dan')).toEqual([]);

    await follow('dan', { url: `${world.site.url}/empty.xml` });
    await follow('dan', { url: `${world.site.url}/empty.xml?2` });
    const over = await call('dan', '/api/follows', 'POST', { url: `${world.site.url}/empty.xml?3` });
    expect(over.status).toBe(403);
    expect(errorBodySchema.parse(await over.json()).error.message).toBe(FOLLOW_MESSAGES.limit(3));

    expect((await call('dan', `/api/follows/${pictures.id}`, 'DELETE')).status).toBe(200);
    expect((await call('dan', `/api/follows/${pictures.id}`, 'DELETE')).status).toBe(404);
    expect((await followsOf('dan')).map((f) => f.id)).not.toContain(pictures.id);
    const [anns] = await followsOf('ann');
    expect((await call('ann', `/api/follows/${anns!.id}`, 'DELETE')).status).toBe(200);
    expect(await podcastsOf('ann')).toHaveLength(5);
  });
});
