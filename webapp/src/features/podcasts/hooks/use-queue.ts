/**
 * The listening queue: a member's on the server (the same on every device and in the extension), an
 * anonymous listener's in this browser. "Play next" and "Add to queue" change it at once and save it;
 * when an episode ends it is marked played and the next unplayed queued podcast starts.
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { hasAudio } from '../../../../../shared/podcast/episode-source.ts';
import { advanceQueue, addToQueue, playNext, removeFromQueue } from '../../../../../shared/podcast/queue.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { getSession, useSessionUser } from '../../../lib/session.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { patchPodcast } from '../api/podcast-list.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import type { StoredPodcast } from '../api/podcast-storage.ts';

const LOCAL_KEY = 'pagecast-queue';

function readLocalQueue(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

const ownerKey = () => getSession().user?.email ?? null;

async function saveQueue(queryClient: QueryClient, owner: string | null, ids: string[]): Promise<void> {
  const key = podcastKeys.queue(owner);
  queryClient.setQueryData(key, ids);
  if (owner === null) {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(ids));
    return;
  }
  try {
    queryClient.setQueryData(key, await pagecast.listening.setQueue(ids));
  } catch (err) {
    toast.error(`The queue could not be saved: ${errorMessage(err)}`);
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** Asks the card of a podcast to start playing it (the queue's next one). */
const playRequests = new EventTarget();
export function requestPlay(podcastId: string): void {
  playRequests.dispatchEvent(new CustomEvent('play', { detail: podcastId }));
}
export function onPlayRequest(podcastId: string, play: () => void): () => void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<string>).detail === podcastId) play();
  };
  playRequests.addEventListener('play', listener);
  return () => playRequests.removeEventListener('play', listener);
}

export function useQueue() {
  const queryClient = useQueryClient();
  const owner = useSessionUser()?.email ?? null;
  const query = useQuery({
    queryKey: podcastKeys.queue(owner),
    queryFn: ({ signal }) => (owner === null ? Promise.resolve(readLocalQueue()) : pagecast.listening.queue({ signal })),
    staleTime: owner === null ? Infinity : 30_000,
  });
  const ids = query.data ?? EMPTY;
  const change = useCallback(
    (update: (queue: string[]) => string[]) => {
      const current = queryClient.getQueryData<string[]>(podcastKeys.queue(owner)) ?? [];
      void saveQueue(queryClient, owner, update(current));
    },
    [queryClient, owner],
  );
  return {
    ids,
    playNext: (id: string) => change((q) => playNext(q, id)),
    add: (id: string) => change((q) => addToQueue(q, id)),
    remove: (id: string) => change((q) => removeFromQueue(q, id)),
  };
}

const EMPTY: string[] = [];

/** Marks the podcast played (or unplayed) on the server and in the lists. */
export async function setPlayed(queryClient: QueryClient, podcastId: string, played: boolean): Promise<void> {
  patchPodcast(queryClient, podcastId, { playedAt: played ? new Date().toISOString() : null });
  try {
    const podcast = played ? await pagecast.listening.markPlayed(podcastId) : await pagecast.listening.unmarkPlayed(podcastId);
    patchPodcast(queryClient, podcastId, { playedAt: podcast.playedAt });
  } catch {
    // Shown as played here; the list's next read says what the server kept.
  }
}

/**
 * An episode played to its end: it is marked played, leaves the queue, and the next unplayed queued
 * podcast that can play starts (it leaves the queue too, as it is now playing). `played: false` skips
 * to the next without marking this one.
 */
export async function finishEpisode(queryClient: QueryClient, podcastId: string, { played = true } = {}): Promise<void> {
  const owner = ownerKey();
  if (played) void setPlayed(queryClient, podcastId, true);
  const podcasts = queryClient.getQueryData<StoredPodcast[]>(podcastKeys.list(owner)) ?? [];
  const queue = queryClient.getQueryData<string[]>(podcastKeys.queue(owner)) ?? (owner === null ? readLocalQueue() : []);
  const known = podcasts.map((p) => ({ id: p.id, playedAt: p.playedAt, playable: hasAudio(p) }));
  const { next, queue: rest } = advanceQueue(queue, podcastId, known);
  if (rest.length !== queue.length || rest.some((id, i) => id !== queue[i])) await saveQueue(queryClient, owner, rest);
  if (next) requestPlay(next);
}
