/**
 * The queue: podcasts to play next, in order ("Play next" puts one first, "Add to queue" last). A
 * member's lives on the server (the web app shows the same one); a reader who is not signed in keeps
 * it here. When an episode ends it is marked played and the next unplayed podcast of the queue plays.
 */
import type { Podcast } from '../../../shared/api/podcasts.ts';
import type { QueuePlace } from '../../messaging.ts';
import { fail, ok, type Result } from '../../result.ts';
import { queueItem, recentPodcastsItem, sessionItem, type Playback } from '../../storage.ts';
import { callServer } from './server.ts';

export const NOT_IN_LIST_MESSAGE = 'Podcast not found';

/** The queue with `podcastId` moved to its place. */
export function placeInQueue(queue: readonly string[], podcastId: string, place: QueuePlace): string[] {
  const rest = queue.filter((id) => id !== podcastId);
  return place === 'next' ? [podcastId, ...rest] : [...rest, podcastId];
}

/**
 * The podcast to play after one ends: the first of the queue that exists and is unplayed; the queue
 * keeps the others, in order.
 */
export function nextInQueue(queue: readonly string[], podcasts: readonly Pick<Podcast, 'id' | 'playedAt'>[], ended: string) {
  const rest = queue.filter((id) => id !== ended);
  const next = rest.find((id) => podcasts.some((p) => p.id === id && !p.playedAt)) ?? null;
  return { next, queue: rest.filter((id) => id !== next) };
}

/** Stores the queue here and, for a member, on the server (its answer is the queue kept). */
async function saveQueue(queue: string[]): Promise<Result<string[]>> {
  await queueItem.setValue(queue);
  if (!(await sessionItem.getValue())) return ok(queue);
  const saved = await callServer((client) => client.listening.setQueue(queue));
  if (!saved.ok) return saved;
  await queueItem.setValue(saved.value);
  return saved;
}

export async function queuePodcast({ podcastId, place }: { podcastId: string; place: QueuePlace }): Promise<Result<string[]>> {
  const podcasts = await recentPodcastsItem.getValue();
  if (!podcasts.some((p) => p.id === podcastId)) return fail('NOT_FOUND', NOT_IN_LIST_MESSAGE);
  return saveQueue(placeInQueue(await queueItem.getValue(), podcastId, place));
}

/** A podcast that starts playing leaves the queue. */
export async function leaveQueue(podcastId: string): Promise<void> {
  const queue = await queueItem.getValue();
  if (queue.includes(podcastId)) await saveQueue(queue.filter((id) => id !== podcastId));
}

/** The member's queue as the server has it (the web app may have changed it); a reader's own, tidied. */
export async function refreshQueue(podcasts: readonly Pick<Podcast, 'id'>[]): Promise<void> {
  if (await sessionItem.getValue()) {
    const answer = await callServer((client) => client.listening.queue());
    if (answer.ok) await queueItem.setValue(answer.value);
    return;
  }
  const queue = await queueItem.getValue();
  const kept = queue.filter((id) => podcasts.some((p) => p.id === id));
  if (kept.length !== queue.length) await queueItem.setValue(kept);
}

/**
 * An episode played to its end: it is marked played, and the next unplayed podcast of the queue
 * starts (through `play`). Answers the podcast started, if any.
 */
export async function finishEpisode(
  ended: Pick<Playback, 'podcastId'>,
  play: (podcastId: string) => Promise<Result<unknown>>,
): Promise<string | null> {
  const marked = await callServer((client) => client.listening.markPlayed(ended.podcastId));
  const list = await recentPodcastsItem.getValue();
  const playedAt = marked.ok ? marked.value.playedAt : new Date().toISOString();
  if (!marked.ok) console.warn('[pagecast] marking the podcast played failed', marked.error.message);
  const podcasts = list.map((p) => (p.id === ended.podcastId ? { ...p, playedAt } : p));
  await recentPodcastsItem.setValue(podcasts);
  const { next, queue } = nextInQueue(await queueItem.getValue(), podcasts, ended.podcastId);
  if (queue.join() !== (await queueItem.getValue()).join() || next) await saveQueue(queue);
  if (!next) return null;
  const started = await play(next);
  if (!started.ok) console.warn('[pagecast] the next podcast could not start', started);
  return next;
}
