/**
 * The listening queue: podcast ids to play next, first to play first. "Play next" puts one first,
 * "Add to queue" last; a podcast is in it at most once. When an episode ends, the next unplayed
 * queued podcast that can play follows.
 */

/** `id` first (moved there when it was queued already). */
export function playNext(queue: readonly string[], id: string): string[] {
  return [id, ...queue.filter((q) => q !== id)];
}

/** `id` last, unless it is queued already (it keeps its place). */
export function addToQueue(queue: readonly string[], id: string): string[] {
  return queue.includes(id) ? [...queue] : [...queue, id];
}

export function removeFromQueue(queue: readonly string[], id: string): string[] {
  return queue.filter((q) => q !== id);
}

/** What the queue needs to know of a podcast. */
export interface QueuedPodcast {
  id: string;
  playedAt: string | null | undefined;
  /** It has audio to play (finished, or a stream being made). */
  playable: boolean;
}

/**
 * After `finishedId` ended: the podcast to play next (the first queued one, other than the finished
 * one, that exists, is unplayed and can play; null when none) and the queue without the finished
 * one, the one that now plays, those played already and those gone from the list.
 */
export function advanceQueue(
  queue: readonly string[],
  finishedId: string,
  podcasts: readonly QueuedPodcast[],
): { next: string | null; queue: string[] } {
  const byId = new Map(podcasts.map((p) => [p.id, p]));
  const remaining = queue.filter((id) => id !== finishedId && byId.has(id) && !byId.get(id)!.playedAt);
  const next = remaining.find((id) => byId.get(id)!.playable);
  return { next: next ?? null, queue: next ? remaining.filter((id) => id !== next) : remaining };
}
