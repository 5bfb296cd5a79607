/**
 * The queue: podcasts to play next, in order ("Play next" puts one first, "Add to queue" last). A
 * member's lives on the server (the web app shows the same one); a reader who is not signed in keeps
 * it here. When an episode ends it is marked played and the next unplayed podcast of the queue plays.
 */
import type { Podcast } from '../../../shared/api/podcasts.ts';
import { episodeSource } from '../../../shared/podcast/episode-source.ts';
import { addToQueue, advanceQueue, playNext, removeFromQueue } from '../../../shared/podcast/queue.ts';
import type { QueuePlace } from '../../messaging.ts';
import { fail, ok, type Result } from '../../result.ts';
import { queueItem, recentPodcastsItem, sessionItem, type Playback } from '../../storage.ts';
import { callServer } from './server.ts';

export const NOT_IN_LIST_MESSAGE = 'Podcast not found';

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
  const queue = await queueItem.getValue();
  return saveQueue(place === 'next' ? playNext(queue, podcastId) : addToQueue(queue, podcastId));
}

/** A podcast that starts playing leaves the queue. */
export async function leaveQueue(podcastId: string): Promise<void> {
  const queue = await queueItem.getValue();
  if (queue.includes(podcastId)) await saveQueue(removeFromQueue(queue, podcastId));
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
  const before = await queueItem.getValue();
  const playable = podcasts.map((p) => ({ id: p.id, playedAt: p.playedAt, playable: episodeSource(p) !== null }));
  const { next, queue } = advanceQueue(before, ended.podcastId, playable);
  if (queue.join() !== before.join()) await saveQueue(queue);
  if (!next) return null;
  const started = await play(next);
  if (!started.ok) console.warn('[pagecast] the next podcast could not start', started);
  return next;
}
