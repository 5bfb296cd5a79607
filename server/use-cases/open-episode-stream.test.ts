import { expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createLogger } from '../lib/logger.ts';
import { deletePodcast, insertPodcast, newPodcastId, updatePodcast } from '../repositories/podcast-repository.ts';
import { changeOf, createPodcastEvents } from '../services/podcasts/events.ts';
import { createPodcastWatchers } from '../services/podcasts/watchers.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { findStreamingPodcast, listStreamSegments } from './open-episode-stream.ts';

describeEachDatabase("a new podcast's playlist before its first part", (ctx) => {
  const setup = () => {
    const events = createPodcastEvents();
    const watchers = createPodcastWatchers({ db: ctx.db, events, logger: createLogger('silent'), caps: { perOwner: 10, perPodcast: 5 } });
    return { events, deps: { db: ctx.db, watchers } };
  };
  const newPodcast = (name: string, values: { draft?: boolean } = {}) => {
    const now = new Date();
    return insertPodcast(ctx.db, { id: newPodcastId(now), anonymousToken: `first-part-${name}-${now.getTime()}`, title: 'Tides', status: 'queued', createdAt: now, updatedAt: now, ...values });
  };
  const isNotFound = (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND';

  it('is found while the first episode is coming, and lists nothing, not ended, once the wait is over', async () => {
    const { deps } = setup();
    const row = await newPodcast('waits');
    const found = await findStreamingPodcast(deps, row.id, { signed: true }, { coming: true });
    // Without the playlist's allowance (a segment, a transcript), a podcast with nothing made is not found.
    await expect(findStreamingPodcast(deps, row.id, { signed: true })).rejects.toSatisfy(isNotFound);
    let answered = false;
    const listing = listStreamSegments(deps, found, { waitMs: 300 }).then((list) => ((answered = true), list));
    // It waits for a part rather than answering the empty list at once.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(await listing).toEqual({ segments: [], complete: false });
  });

  it('answers NOT_FOUND as soon as the podcast fails or is deleted before any part, and ends the wait when the request goes', async () => {
    const { deps, events } = setup();
    const row = await newPodcast('fails');
    const listing = listStreamSegments(deps, row, { waitMs: 60_000 });
    events.publish(changeOf((await updatePodcast(ctx.db, row.id, { status: 'failed', error: 'The page could not be read' }))!));
    await expect(listing).rejects.toSatisfy(isNotFound);

    const deleted = await newPodcast('deleted');
    const listingDeleted = listStreamSegments(deps, deleted, { waitMs: 300 });
    // A deletion publishes nothing: the wait's end finds it gone.
    await deletePodcast(ctx.db, deleted.id);
    await expect(listingDeleted).rejects.toSatisfy(isNotFound);

    const other = await newPodcast('goes');
    const request = new AbortController();
    const waiting = listStreamSegments(deps, other, { waitMs: 60_000, signal: request.signal });
    request.abort();
    expect(await waiting).toEqual({ segments: [], complete: false });
  });

  it('is no stream at all for a draft, which waits for its member', async () => {
    const { deps } = setup();
    const row = await newPodcast('draft', { draft: true });
    await expect(findStreamingPodcast(deps, row.id, { signed: true }, { coming: true })).rejects.toSatisfy(isNotFound);
  });
});
