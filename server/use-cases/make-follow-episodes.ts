/**
 * A follow's waiting items made into episodes: one each, or for a digest one a day at its hour with a
 * chapter per item; a member's digest across follows instead, once a day. Each held to the episode
 * length limit; a member at the day's allowance (or the hour's page fetches) waits, items kept.
 */
import { SOURCES_PER_EPISODE } from '../../shared/api/podcasts.ts';
import { PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import { AppError } from '../errors.ts';
import {
  findMemberDigest,
  pendingItems,
  pendingItemsOfMember,
  releaseMemberDigestDay,
  settleFollowItems,
  takeMemberDigestDay,
  updateFollow,
  type FeedRow,
  type FollowRow,
} from '../repositories/follow-repository.ts';
import { findUser, type UserRow } from '../repositories/user-repository.ts';
import { isPremium } from '../services/auth/user-view.ts';
import { createPodcast, type PodcastRequest, type ReadRequest } from './create-podcast.ts';
import { fitEpisode, readOf } from './fit-follow-episode.ts';
import { ALREADY_A_PODCAST, memberHasPage } from './follow-duplicates.ts';
import { readArticle } from './read-article.ts';
import { FollowNotes, itemName, NO_SOURCE, requestFor, requestOf, sourceOf, type CheckFeedDeps, type Waiting } from './follow-items.ts';
import type { Caller } from './identify-caller.ts';

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const callerOf = (user: UserRow, deps: CheckFeedDeps): Caller => ({
  userId: user.id,
  email: user.email,
  name: user.name,
  isPremium: isPremium(user, deps.config),
  sessionId: '',
});

/** The follow's waiting items made into episodes: each its own, or a digest once a day from its hour; the member's digest across follows instead when they asked for one. */
export async function makeEpisodes(deps: CheckFeedDeps, feed: FeedRow, follow: FollowRow, now: Date) {
  if (await findMemberDigest(deps.db, follow.userId)) return makeMemberDigest(deps, follow.userId, now);
  const waiting = await pendingItems(deps.db, follow.id);
  if (waiting.length === 0) return;
  const user = await findUser(deps.db, follow.userId);
  if (!user) return;
  const caller = callerOf(user, deps);
  const telling = {
    ...(PODCAST_MODES.includes(follow.mode as PodcastMode) ? { mode: follow.mode as PodcastMode } : {}),
    ...(follow.minutes && (follow.mode === 'podcast' || follow.mode === 'conversation') ? { minutes: follow.minutes } : {}),
  };
  const notes = new FollowNotes();
  if (follow.digest) {
    if (now.getUTCHours() < follow.digestHour || follow.lastDigestOn === dayOf(now)) return;
    // A digest holds the newest items: older ones are passed over for good, never left waiting.
    const older = waiting.slice(0, Math.max(0, waiting.length - SOURCES_PER_EPISODE.max));
    await settleFollowItems(deps.db, follow.id, older.map((item) => item.id), { status: 'skipped' });
    const fit = await fitEpisode(deps, caller, telling, waiting.slice(older.length).map((item) => ({ followId: follow.id, item })), notes);
    if (!fit) return;
    if (fit.sources.length > 0 && !(await make(deps, caller, { ...requestFor(fit.sources), ...telling }, fit.take, notes, readOf(fit)))) return;
    if (fit.sources.length === 0) await notes.say(deps, follow.id);
    await updateFollow(deps.db, follow.id, { lastDigestOn: dayOf(now) });
    return;
  }
  for (const item of waiting) {
    const source = sourceOf(item);
    if (!source) {
      await settleFollowItems(deps.db, follow.id, [item.id], { status: 'failed', error: NO_SOURCE });
      continue;
    }
    // Create holds it to the length limit: one too long fails with what would fit, and the next goes on.
    if (!(await make(deps, caller, { ...requestOf(source), ...telling }, [{ followId: follow.id, item }], notes))) return;
  }
}

/**
 * The member's digest across follows: once a day from its hour, one episode (in the member's own
 * mode) of the items waiting in every unpaused follow, oldest first, a chapter each; an article two
 * follows share is read once; past the most one episode takes, the rest wait for the next day.
 */
async function makeMemberDigest(deps: CheckFeedDeps, userId: string, now: Date) {
  const waiting = await pendingItemsOfMember(deps.db, userId);
  if (waiting.length === 0) return;
  const day = dayOf(now);
  const taken = await takeMemberDigestDay(deps.db, userId, day, now.getUTCHours());
  if (!taken) return;
  const user = await findUser(deps.db, userId);
  if (!user) return;
  const caller = callerOf(user, deps);
  const notes = new FollowNotes();
  // Made, or failed for good: the day is done. Waiting on the allowance, or stopped by an error: the day is given back.
  let done = false;
  try {
    const fit = await fitEpisode(deps, caller, {}, waiting, notes);
    done = !!fit && (fit.sources.length === 0 || (await make(deps, caller, requestFor(fit.sources), fit.take, notes, readOf(fit))));
    if (done && fit!.sources.length === 0) for (const followId of notes.follows()) await notes.say(deps, followId);
  } finally {
    if (!done) await releaseMemberDigestDay(deps.db, userId, day, taken.previous);
  }
}

/**
 * One episode of `items`, said on their follows after what went wrong before it in this check
 * (`notes`); false when the member must wait (the day's allowance, the hour's fetches): the items stay
 * waiting.
 */
async function make(
  deps: CheckFeedDeps,
  caller: Caller,
  request: PodcastRequest,
  items: readonly Waiting[],
  notes: FollowNotes,
  read?: () => Promise<ReadRequest>,
): Promise<boolean> {
  const byFollow = new Map<string, string[]>();
  for (const { followId, item } of items) byFollow.set(followId, [...(byFollow.get(followId) ?? []), item.id]);
  // Follows with something to say whose items are not in this episode (all left out or waiting).
  const others = notes.follows().filter((followId) => !byFollow.has(followId));
  try {
    // An item whose link fails spends its feed's budget of failures, not the member's.
    const failuresOf = `feed:${items[0]!.item.feedId}`;
    if ('url' in request && items.length === 1 && !read) {
      // The page read here is kept a few minutes: Create reads it from there, counted once.
      const page = await readArticle(deps, { caller, clientAddress: null, failuresOf }, { url: request.url });
      if (await memberHasPage(deps.db, caller.userId, [request.url, page.sourceUrl])) {
        await settleFollowItems(deps.db, items[0]!.followId, [items[0]!.item.id], { status: 'skipped', error: ALREADY_A_PODCAST });
        return true;
      }
    }
    const podcast = await createPodcast(deps, { owner: { userId: caller.userId }, caller, clientAddress: null, request, failuresOf, ...(read ? { read } : {}) });
    for (const [followId, ids] of byFollow) {
      await settleFollowItems(deps.db, followId, ids, { status: 'made', podcastId: podcast.id });
      await notes.say(deps, followId);
    }
    for (const followId of others) await notes.say(deps, followId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      for (const followId of byFollow.keys()) await updateFollow(deps.db, followId, { error: notes.of(followId, `New items wait: ${err.message}`) });
      for (const followId of others) await notes.say(deps, followId);
      return false;
    }
    if (!(err instanceof AppError)) throw err;
    const named = items.length === 1 ? itemName(items[0]!.item) : 'The day’s items';
    for (const [followId, ids] of byFollow) {
      await settleFollowItems(deps.db, followId, ids, { status: 'failed', error: err.message });
      notes.add(followId, `${named} could not be made into an episode: ${err.message}`);
      await notes.say(deps, followId);
    }
    for (const followId of others) await notes.say(deps, followId);
    return true;
  }
}

