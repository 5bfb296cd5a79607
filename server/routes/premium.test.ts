import { afterAll, beforeAll, expect, it } from 'vitest';
import Parser from 'rss-parser';
import { errorBodySchema } from '../../shared/api/error.ts';
import { podcastSchema, scriptResponseSchema, type Podcast } from '../../shared/api/podcasts.ts';
import {
  bookmarkSchema,
  bookmarksResponseSchema,
  feedResponseSchema,
  sharedPodcastSchema,
  shareResponseSchema,
  voicesResponseSchema,
} from '../../shared/api/premium.ts';
import { setSubscriptionStatus } from '../test/rows.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { BILLING_ON, createTestApp, testConfig } from '../test/app.ts';
import { SAFETY_NET_MS, waitFor } from '../test/wait.ts';

/** Billing on (a Stripe that is never called here), so free and Premium members both exist. */
const billingOn = {
  ...BILLING_ON,
  PUBLIC_URL: 'https://pagecast.test',
};

const article = (title: string) => ({
  title,
  text: `${title} is a short story.\nIt has two lines, and both are read aloud.`,
  sourceUrl: 'https://example.com/story',
});

describeEachDatabase('Premium features', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  let premium: string;
  let free: string;
  let other: string;
  let podcast: Podcast;

  /** A request to the server at PUBLIC_URL, as clients make it (it answers no other host). */
  const call = (path: string, token: string | null, init: RequestInit = {}) =>
    t.app.request(new URL(path, billingOn.PUBLIC_URL).href, {
      ...init,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });
  const json = (body: unknown) => ({ body: JSON.stringify(body) });
  const register = async (email: string, premiumMember: boolean) => {
    const res = await call('/api/auth/register', null, { method: 'POST', ...json({ email, password: 'secret123' }) });
    const { token } = (await res.json()) as { token: string };
    if (premiumMember) await setSubscriptionStatus(ctx.db, email, 'active');
    return token;
  };
  const makeReady = async (token: string, body: unknown): Promise<Podcast> => {
    const res = await call('/api/podcasts', token, { method: 'POST', ...json(body) });
    expect(res.status).toBe(201);
    const { id } = podcastSchema.parse(await res.json());
    const done = await waitFor(
      async () => podcastSchema.parse(await (await call(`/api/podcasts/${id}`, token)).json()),
      (p) => p.status === 'ready' || p.status === 'failed',
    );
    expect(done.status).toBe('ready');
    return done;
  };

  beforeAll(async () => {
    t = createTestApp(ctx, { config: testConfig(billingOn) });
    t.deps.jobs.start();
    premium = await register(`premium-${ctx.kind}@example.com`, true);
    free = await register(`free-${ctx.kind}@example.com`, false);
    other = await register(`other-${ctx.kind}@example.com`, true);
    podcast = await makeReady(premium, article('The Lighthouse'));
  });
  afterAll(() => t.deps.jobs.stop());

  it('lists the engine’s voices: one free default, the rest Premium', async () => {
    const body = voicesResponseSchema.parse(await (await call('/api/voices', null)).json());
    expect(body.voices.length).toBeGreaterThan(1);
    expect(body.voices.find((v) => v.id === body.defaultVoice)?.premium).toBe(false);
    expect(body.voices.some((v) => v.premium)).toBe(true);
  });

  it('lets a Premium member pick a default voice that new podcasts use, and refuses free members', async () => {
    const { voices } = voicesResponseSchema.parse(await (await call('/api/voices', null)).json());
    const chosen = voices.find((v) => v.premium)!.id;
    const refused = await call('/api/voices/default', free, { method: 'PUT', ...json({ voice: chosen }) });
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(await refused.json()).error.code).toBe('PREMIUM_REQUIRED');
    expect((await call('/api/voices/default', premium, { method: 'PUT', ...json({ voice: 'no-such-voice' }) })).status).toBe(400);
    expect((await call('/api/voices/default', premium, { method: 'PUT', ...json({ voice: chosen }) })).status).toBe(200);
    const me = (await (await call('/api/auth/me', premium)).json()) as { user: { defaultVoice: string } };
    expect(me.user.defaultVoice).toBe(chosen);

    const made = await makeReady(premium, article('Default Voice'));
    expect(made.voice).toBe(chosen);
    const perPodcast = await call('/api/podcasts', free, { method: 'POST', ...json({ ...article('Free'), voice: chosen }) });
    expect(perPodcast.status).toBe(403);
  });

  it('re-voices a podcast: the script stays, the audio is made again in the new voice', async () => {
    const { voices } = voicesResponseSchema.parse(await (await call('/api/voices', null)).json());
    const target = voices.filter((v) => v.id !== podcast.voice).at(-1)!.id;
    const before = new Uint8Array(await (await call(podcast.audioUrl!, null)).arrayBuffer());
    const scriptNow = async () => scriptResponseSchema.parse(await (await call(`/api/podcasts/${podcast.id}/script`, premium)).json()).script;
    const script = await scriptNow();
    expect((await call(`/api/podcasts/${podcast.id}/voice`, free, { method: 'POST', ...json({ voice: target }) })).status).toBe(403);
    const res = await call(`/api/podcasts/${podcast.id}/voice`, premium, { method: 'POST', ...json({ voice: target }) });
    expect(res.status).toBe(200);
    let after: Podcast | undefined;
    await expect
      .poll(async () => {
        after = podcastSchema.parse(await (await call(`/api/podcasts/${podcast.id}`, premium)).json());
        return after.status;
      }, { timeout: SAFETY_NET_MS, interval: 100 })
      .toBe('ready');
    expect(after!.voice).toBe(target);
    expect(await scriptNow()).toBe(script);
    const audio = new Uint8Array(await (await call(after!.audioUrl!, null)).arrayBuffer());
    expect(Buffer.from(audio).equals(Buffer.from(before))).toBe(false);
    podcast = after!;
  });

  it('keeps bookmarks for Premium members, on their own podcasts only', async () => {
    const path = `/api/podcasts/${podcast.id}/bookmarks`;
    expect((await call(path, free, { method: 'POST', ...json({ positionSeconds: 3 }) })).status).toBe(403);
    expect((await call(path, other, { method: 'POST', ...json({ positionSeconds: 3 }) })).status).toBe(404);
    expect((await call(path, null)).status).toBe(401);
    expect((await call(path, premium, { method: 'POST', ...json({ positionSeconds: -1 }) })).status).toBe(400);

    const late = bookmarkSchema.parse(await (await call(path, premium, { method: 'POST', ...json({ positionSeconds: 4.5, note: ' The keeper ' }) })).json());
    const early = bookmarkSchema.parse(await (await call(path, premium, { method: 'POST', ...json({ positionSeconds: 1.25 }) })).json());
    expect(late).toMatchObject({ positionSeconds: 4.5, note: 'The keeper' });
    const listed = bookmarksResponseSchema.parse(await (await call(path, premium)).json());
    expect(listed.bookmarks.map((b) => b.id)).toEqual([early.id, late.id]);
    expect((await call(`${path}/${late.id}`, other, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`${path}/${late.id}`, premium, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`${path}/${late.id}`, premium, { method: 'DELETE' })).status).toBe(404);
    expect(bookmarksResponseSchema.parse(await (await call(path, premium)).json()).bookmarks).toHaveLength(1);
  });

  it('shares a podcast through a public link that shows nothing else of the owner, until revoked', async () => {
    const path = `/api/podcasts/${podcast.id}/share`;
    expect((await call(path, free, { method: 'POST' })).status).toBe(403);
    expect((await call(path, other, { method: 'POST' })).status).toBe(404);
    const { url } = shareResponseSchema.parse(await (await call(path, premium, { method: 'POST' })).json());
    expect(url).toMatch(/^https:\/\/pagecast\.test\/shared\/[A-Za-z0-9_-]{32}$/);
    const again = shareResponseSchema.parse(await (await call(path, premium, { method: 'POST' })).json());
    expect(again.url).toBe(url);
    const shownToOwner = async () => podcastSchema.parse(await (await call(`/api/podcasts/${podcast.id}`, premium)).json()).shareUrl;
    expect(await shownToOwner()).toBe(url);

    const token = url.split('/').at(-1)!;
    const res = await call(`/api/shared/${token}`, null);
    expect(res.status).toBe(200);
    const raw = await res.text();
    const shared = sharedPodcastSchema.parse(JSON.parse(raw));
    expect(shared).toMatchObject({ title: podcast.title });
    expect(raw).not.toContain('premium-');
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual([
      'audioSeconds', 'audioUrl', 'complete', 'createdAt', 'durationSeconds', 'estimatedSeconds', 'howMade', 'image', 'podcastId', 'sources',
      'streamUrl', 'title',
    ]);
    // The id (which lets its owner ask questions) is not shown to anyone else.
    expect(shared.podcastId).toBeNull();
    // The script is read on its own, as the owner reads it.
    const ownersScript = await (await call(`/api/podcasts/${podcast.id}/script`, premium)).json();
    expect(scriptResponseSchema.parse(await (await call(`/api/shared/${token}/script`, null)).json())).toEqual(ownersScript);
    expect(shared.complete).toBe(true);
    const audioUrl = shared.audioUrl!;
    const audio = await call(audioUrl, null);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');

    expect((await call(path, premium, { method: 'DELETE' })).status).toBe(200);
    expect(await shownToOwner()).toBeNull();
    expect((await call(`/api/shared/${token}`, null)).status).toBe(404);
    expect((await call(`/api/shared/${token}/script`, null)).status).toBe(404);
    expect((await call(audioUrl, null)).status).toBe(404);
  });

  it('lets a member whose subscription ended unshare and clear bookmarks, and keeps their shares public until they do', async () => {
    const email = `lapsed-${ctx.kind}@example.com`;
    const lapsed = await register(email, true);
    const own = await makeReady(lapsed, article('The Lapsed Member'));
    const share = `/api/podcasts/${own.id}/share`;
    const bookmarks = `/api/podcasts/${own.id}/bookmarks`;
    const { url } = shareResponseSchema.parse(await (await call(share, lapsed, { method: 'POST' })).json());
    const sharedPage = `/api/shared/${url.split('/').at(-1)}`;
    const mark = bookmarkSchema.parse(await (await call(bookmarks, lapsed, { method: 'POST', ...json({ positionSeconds: 1 }) })).json());

    await setSubscriptionStatus(ctx.db, email, 'canceled');
    // What needs Premium is refused: a new share, a new bookmark.
    expect((await call(share, lapsed, { method: 'POST' })).status).toBe(403);
    expect((await call(bookmarks, lapsed, { method: 'POST', ...json({ positionSeconds: 2 }) })).status).toBe(403);
    // The decision: a page shared while Premium stays public when the subscription ends (the people
    // given its link can still listen); its owner may take it down at any time.
    expect((await call(sharedPage, null)).status).toBe(200);
    // What is theirs they can always see and remove; nobody else can.
    expect(bookmarksResponseSchema.parse(await (await call(bookmarks, lapsed)).json()).bookmarks.map((b) => b.id)).toEqual([mark.id]);
    expect((await call(`${bookmarks}/${mark.id}`, other, { method: 'DELETE' })).status).toBe(404);
    expect((await call(share, other, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`${bookmarks}/${mark.id}`, lapsed, { method: 'DELETE' })).status).toBe(200);
    expect(bookmarksResponseSchema.parse(await (await call(bookmarks, lapsed)).json()).bookmarks).toEqual([]);
    expect((await call(share, lapsed, { method: 'DELETE' })).status).toBe(200);
    expect((await call(sharedPage, null)).status).toBe(404);
    expect((await call(share, null, { method: 'DELETE' })).status).toBe(401);
  });

  it('serves a private RSS feed podcast apps can read, and locks the old address out on rotation', async () => {
    expect((await call('/api/feed', free)).status).toBe(403);
    const { url } = feedResponseSchema.parse(await (await call('/api/feed', premium)).json());
    expect(feedResponseSchema.parse(await (await call('/api/feed', premium)).json()).url).toBe(url);
    const path = new URL(url).pathname;
    const res = await call(path, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const xml = await res.text();

    const feed = await new Parser<{ itunes?: { image?: string } }, { itunes?: { duration?: string } }>().parseString(xml);
    expect(feed.title).toContain('podcasts');
    expect(feed.itunes?.image).toMatch(/^https:\/\/pagecast\.test\//);
    const ready = (await (await call('/api/podcasts', premium)).json()) as { podcasts: Podcast[] };
    expect(feed.items).toHaveLength(ready.podcasts.filter((p) => p.status === 'ready').length);
    const item = feed.items.find((i) => i.title === podcast.title)!;
    expect(item.guid).toBeTruthy();
    expect(item.pubDate).toBeTruthy();
    expect(item.enclosure?.type).toBe('audio/mpeg');
    expect(item.itunes?.duration).toMatch(/^\d\d:\d\d:\d\d$/);

    const enclosure = await call(new URL(item.enclosure!.url).pathname, null);
    expect(enclosure.status).toBe(200);
    const bytes = (await enclosure.arrayBuffer()).byteLength;
    expect(Number(item.enclosure!.length)).toBe(bytes);

    const rotated = feedResponseSchema.parse(await (await call('/api/feed/rotate', premium, { method: 'POST' })).json());
    expect(rotated.url).not.toBe(url);
    expect((await call(path, null)).status).toBe(404);
    expect((await call(new URL(item.enclosure!.url).pathname, null)).status).toBe(404);
    expect((await call(new URL(rotated.url).pathname, null)).status).toBe(200);
  });

  it('saves where every member stopped listening, for their own podcasts only', async () => {
    const freeOwn = await makeReady(free, article('Free Listening'));
    const path = `/api/podcasts/${freeOwn.id}/position`;
    expect((await call(path, free, { method: 'PUT', ...json({ positionSeconds: 2.5 }) })).status).toBe(200);
    expect(podcastSchema.parse(await (await call(`/api/podcasts/${freeOwn.id}`, free)).json()).positionSeconds).toBe(2.5);
    expect((await call(path, other, { method: 'PUT', ...json({ positionSeconds: 1 }) })).status).toBe(404);
    expect((await call(path, free, { method: 'PUT', ...json({ positionSeconds: 'x' }) })).status).toBe(400);
  });
});
