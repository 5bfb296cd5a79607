/**
 * Progress streams are capped per owner and per podcast (EVENT_STREAMS_PER_OWNER,
 * EVENT_STREAMS_PER_PODCAST): the stream past a cap opens, and the oldest of that owner's (or that
 * podcast's) streams ends cleanly; the other streams, and other owners' streams, keep following.
 */
import { beforeAll, expect, it } from 'vitest';
import { podcastEventSchema, type PodcastEvent } from '../../shared/api/podcasts.ts';
import { readEventStream } from '../../shared/client/event-stream.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { insertPodcasts } from '../test/rows.ts';

describeEachDatabase('the progress streams’ caps', (ctx) => {
  let t: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    t = createTestApp(ctx, { config: testConfig({ EVENT_STREAMS_PER_OWNER: '4', EVENT_STREAMS_PER_PODCAST: '2' }) });
  });

  let n = 0;
  const browser = () => `caps-${ctx.kind}-${++n}-${Date.now()}`;
  /** A podcast of `who` still queued (no job runs here, so its stream stays open). */
  const podcastOf = async (who: string) => {
    const id = `caps-${ctx.kind}-${++n}-${Date.now()}`;
    await insertPodcasts(ctx.db, { id, anonymousToken: who, title: 'Tides', status: 'queued' });
    return id;
  };

  /** Opens the podcast's event stream; answers once its first event (the current state) is read. */
  const open = async (id: string, who: string) => {
    const res = await t.app.request(`/api/podcasts/${id}/events`, { headers: { [ANONYMOUS_TOKEN_HEADER]: who } });
    expect(res.status).toBe(200);
    const events = readEventStream(res.body!);
    /** The next podcast event, or null once the stream has ended. */
    const next = async (): Promise<PodcastEvent | null> => {
      for (let step = await events.next(); !step.done; step = await events.next()) {
        if (step.value.event === 'podcast') return podcastEventSchema.parse(JSON.parse(step.value.data));
      }
      return null;
    };
    expect(await next()).toMatchObject({ id, status: 'queued' });
    return { next, close: () => events.return(undefined) };
  };
  type Stream = Awaited<ReturnType<typeof open>>;

  /** Renames the podcast (which publishes the change) and expects each stream to receive it. */
  const expectFollowing = async (id: string, who: string, streams: Stream[]) => {
    const title = `Renamed ${++n}`;
    const res = await t.app.request(`/api/podcasts/${id}`, {
      method: 'PATCH',
      headers: { [ANONYMOUS_TOKEN_HEADER]: who, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    expect(res.status).toBe(200);
    for (const stream of streams) expect(await stream.next()).toMatchObject({ id, title });
  };

  it('ends the oldest of an owner’s streams past the owner’s cap, and no other owner’s', async () => {
    const me = browser();
    const other = browser();
    const theirs = await podcastOf(other);
    const theirStream = await open(theirs, other); // older than all of mine
    const mine: string[] = [];
    const streams: Stream[] = [];
    for (let i = 0; i < 5; i++) {
      mine.push(await podcastOf(me));
      streams.push(await open(mine[i]!, me));
    }

    // The fifth opened, and the first ended cleanly.
    expect(await streams[0]!.next()).toBeNull();
    for (const [i, stream] of streams.entries()) if (i > 0) await expectFollowing(mine[i]!, me, [stream]);
    await expectFollowing(theirs, other, [theirStream]);
    // A reopened stream is one more: it ends the oldest still open.
    const again = await open(mine[0]!, me);
    expect(await streams[1]!.next()).toBeNull();
    await expectFollowing(mine[0]!, me, [again]);
    for (const stream of [...streams, again, theirStream]) await stream.close();
  });

  it('ends the oldest of a podcast’s streams past the podcast’s cap, and none of its other podcasts’', async () => {
    const me = browser();
    const [one, two] = [await podcastOf(me), await podcastOf(me)];
    const elsewhere = await open(two, me);
    const streams = [await open(one, me), await open(one, me), await open(one, me)];

    expect(await streams[0]!.next()).toBeNull();
    await expectFollowing(one, me, streams.slice(1));
    await expectFollowing(two, me, [elsewhere]);
    for (const stream of [...streams, elsewhere]) await stream.close();
  });

  it('ends none of an owner’s streams for a stranger asking for their podcast', async () => {
    const me = browser();
    const id = await podcastOf(me);
    const streams = [await open(id, me), await open(id, me)];
    const stranger = await t.app.request(`/api/podcasts/${id}/events`, { headers: { [ANONYMOUS_TOKEN_HEADER]: browser() } });
    expect(stranger.status).toBe(404);
    await expectFollowing(id, me, streams);
    for (const stream of streams) await stream.close();
  });
});
