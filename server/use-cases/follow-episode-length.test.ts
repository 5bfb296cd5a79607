/**
 * A follow's episodes are held to the episode length limit, as Create's are (here 1 minute): an item
 * too long for one episode is skipped with the reason on the follow, and the items after it are
 * made; a follow's digest, and a member's digest across follows, take the day's items in order while
 * they fit, leave one too long on its own out with its reason, and the rest wait for the next day.
 * A follow's digest holds its ten newest items (older ones pass); a member's digest stopped by a
 * fault gives its day back.
 * The checks run here by hand, and no episode is spoken (the job runner is not started): what is
 * queued is what was decided.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { followSchema, type Follow } from '../../shared/api/follows.ts';
import { podcastListSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { findFollow, findMemberDigest, pendingItems, releaseMemberDigestDay, updateFeed, updateFollow } from '../repositories/follow-repository.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { startFeedServer, type FeedServer } from '../test/feed-server.ts';
import { userByEmail } from '../test/rows.ts';
import { checkFollowedFeed } from './check-followed-feed.ts';

/** `sentences` sentences of ten plain words: about 4 seconds each when read. */
/** What a follow says of an item left for the next day. */
const WAITS = 'The day’s episode holds 1 of its 2 items (an episode runs up to 1 minute and reads up to 10 sources); the other one waits for the next day.';

const prose = (sentences: number) =>
  Array.from({ length: sentences }, (_, i) => `The harbour crew checked boat number ${i + 1} before the evening tide came.`).join(' ');

describeEachDatabase('a follow’s episodes and the length limit', (ctx) => {
  let site: FeedServer;
  let t: ReturnType<typeof createTestApp>;

  const register = async (who: string) => {
    const email = `${who}-length-${ctx.kind}-${Date.now()}@example.com`;
    const res = await t.app.request('https://pagecast.test/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    const { token } = (await res.json()) as { token: string };
    return { token, userId: (await userByEmail(ctx.db, email))!.id };
  };
  const call = (token: string, path: string, body?: unknown) =>
    t.app.request(`https://pagecast.test${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** Follows `path` and runs its feed's check at once. */
  const followAndCheck = async (member: { token: string; userId: string }, body: object): Promise<Follow> => {
    const res = await call(member.token, '/api/follows', body);
    expect(res.status).toBe(201);
    const follow = followSchema.parse(await res.json());
    await check(member, follow);
    return follow;
  };
  const check = async (member: { userId: string }, follow: Follow) => {
    const row = await findFollow(ctx.db, member.userId, follow.id);
    await checkFollowedFeed(t.deps, row!.feedId, new AbortController().signal);
  };
  const podcastsOf = async (token: string): Promise<Podcast[]> => podcastListSchema.parse(await (await call(token, '/api/podcasts')).json()).podcasts;
  const followOf = async (token: string, id: string) => ((await (await call(token, '/api/follows')).json()) as { follows: Follow[] }).follows.find((f) => f.id === id)!;

  beforeAll(async () => {
    site = await startFeedServer(0);
    // Two items of about 40 s (one fits a minute, two do not) around one of about 3 minutes.
    site.add(1, { text: prose(10) });
    site.add(2, { text: prose(45) });
    site.add(3, { text: prose(10) });
    t = createTestApp(ctx, {
      config: testConfig({
        FETCH_ALLOW_HOSTS: site.host,
        MAX_EPISODE_MINUTES: '1',
        PREMIUM_MAX_EPISODE_MINUTES: '1',
        FETCHES_PER_HOUR: '500',
        PREMIUM_FETCHES_PER_HOUR: '500',
        PUBLIC_URL: 'https://pagecast.test',
      }),
    });
  });
  afterAll(() => site.close());

  it('skips an item too long for one episode, says which and why on the follow, and makes the others', async () => {
    const ann = await register('ann');
    const follow = await followAndCheck(ann, { url: `${site.url}/feed.xml`, mode: 'read' });

    const made = await podcastsOf(ann.token);
    expect(made.map((p) => p.sourceUrl).sort()).toEqual([`${site.url}/items/1`, `${site.url}/items/3`]);
    const { error } = await followOf(ann.token, follow.id);
    expect(error).toMatch(/^“Harbour news number 2” could not be made into an episode: This episode would run about \d+ minutes: Pagecast makes episodes of up to 1 minute\./);
  });

  it('a digest takes the day’s items while they fit; one too long on its own is left out, the rest wait for the next day', async () => {
    const bob = await register('bob');
    const follow = await followAndCheck(bob, { url: `${site.url}/feed.xml?digest`, mode: 'read', digest: true, digestHour: 0 });

    const [first, ...others] = await podcastsOf(bob.token);
    expect(others).toEqual([]);
    expect(first!.sourceUrl).toBe(`${site.url}/items/1`);
    const { error } = await followOf(bob.token, follow.id);
    expect(error).toMatch(/^“Harbour news number 2” could not be made into an episode: This episode would run about \d+ minutes: /);
    expect(error).toContain(WAITS);

    // The next day's digest makes the item that waited, and nothing is wrong any more.
    await updateFollow(ctx.db, follow.id, { lastDigestOn: '2000-01-01' });
    await check(bob, follow);
    const now = await podcastsOf(bob.token);
    expect(now.map((p) => p.sourceUrl)).toEqual([`${site.url}/items/3`, `${site.url}/items/1`]);
    expect((await followOf(bob.token, follow.id)).error).toBeNull();
  });

  it('a member’s digest across follows does the same: the day’s episode of what fits, the rest the next day', async () => {
    const cat = await register('cat');
    expect((await t.app.request('https://pagecast.test/api/follows/digest', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${cat.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ digestHour: 0 }),
    })).status).toBe(200);
    const follow = await followAndCheck(cat, { url: `${site.url}/feed.xml?member`, mode: 'read' });

    expect((await podcastsOf(cat.token)).map((p) => p.sourceUrl)).toEqual([`${site.url}/items/1`]);
    const { error } = await followOf(cat.token, follow.id);
    expect(error).toMatch(/^“Harbour news number 2” could not be made into an episode: This episode would run about \d+ minutes: /);
    expect(error).toContain(WAITS);

    // The next day: the item that waited.
    await releaseMemberDigestDay(ctx.db, cat.userId, new Date().toISOString().slice(0, 10), '2000-01-01');
    await check(cat, follow);
    expect((await podcastsOf(cat.token)).map((p) => p.sourceUrl)).toEqual([`${site.url}/items/3`, `${site.url}/items/1`]);
    expect((await followOf(cat.token, follow.id)).error).toBeNull();
  });

  it('a member’s digest stopped by a fault gives its day back: the next check makes it', async () => {
    const dee = await register('dee');
    const hour = await t.app.request('https://pagecast.test/api/follows/digest', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${dee.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ digestHour: 0 }),
    });
    expect(hour.status).toBe(200);
    const { extract } = t.deps.pipeline;
    t.deps.pipeline.extract = async () => {
      throw new Error('the disk is full');
    };
    let follow: Follow;
    try {
      const res = await call(dee.token, '/api/follows', { url: `${site.url}/log.xml`, mode: 'read' });
      follow = followSchema.parse(await res.json());
      await expect(check(dee, follow)).rejects.toThrow('the disk is full');
    } finally {
      t.deps.pipeline.extract = extract;
    }
    expect((await findMemberDigest(ctx.db, dee.userId))?.lastDigestOn).toBeNull();
    await check(dee, follow);
    expect((await podcastsOf(dee.token)).flatMap((p) => p.sources?.map((s) => s.url) ?? [p.sourceUrl])).toEqual([`${site.url}/log/1`, `${site.url}/log/2`]);
  });

  it('a follow’s digest holds the newest ten items: older ones are passed over, none is left waiting for good', async () => {
    const eve = await register('eve');
    const res = await call(eve.token, '/api/follows', { url: `${site.url}/feed.xml?newest`, mode: 'read', digest: true, digestHour: 0 });
    const follow = followSchema.parse(await res.json());
    // Today's digest is made already: the first check's items wait, and ten more arrive.
    await updateFollow(ctx.db, follow.id, { lastDigestOn: new Date().toISOString().slice(0, 10) });
    await check(eve, follow);
    for (let n = 4; n <= 13; n += 1) site.add(n);
    await updateFeed(ctx.db, (await findFollow(ctx.db, eve.userId, follow.id))!.feedId, { nextCheckAt: new Date(0) });
    await check(eve, follow);
    expect(await pendingItems(ctx.db, follow.id)).toHaveLength(13);

    await updateFollow(ctx.db, follow.id, { lastDigestOn: '2000-01-01' });
    await check(eve, follow);
    const newest = Array.from({ length: 10 }, (_, i) => `item-${i + 4}`);
    const made = (await podcastsOf(eve.token)).flatMap((p) => p.sources?.map((s) => s.url) ?? [p.sourceUrl]);
    const left = (await pendingItems(ctx.db, follow.id)).map((item) => item.guid);
    expect(made.length).toBeGreaterThan(0);
    // Every one of the newest ten is made or waits; the three older ones wait no more.
    expect([...made.map((url) => `item-${url!.split('/').pop()}`), ...left].sort()).toEqual(newest.sort());
  });
});
