/**
 * The member's podcast list in the query cache, one list per owner (an e-mail, or null for an
 * anonymous visitor), and the writes that keep it current without waiting for the server's next list:
 * a podcast made, a progress event, a change the server answered, a podcast deleted.
 */
import { queryOptions, replaceEqualDeep, type QueryClient } from '@tanstack/react-query';
import type { PodcastEvent } from '../../../../../shared/api/podcasts.ts';
import { podcastKeys } from './podcast-keys.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { readStoredPodcasts, toStoredPodcast, type StoredPodcast } from './podcast-storage.ts';
import { applyPodcastEvent } from '../../../../../shared/podcast/apply-event.ts';

/**
 * The owner's list: the copy in local storage first (so it shows at once), then the server's, newest
 * first. The stored copy counts as stale, so a screen that fetches reads the server at once.
 */
export function podcastListQuery(owner: string | null) {
  return queryOptions({
    queryKey: podcastKeys.list(owner),
    queryFn: async ({ signal }): Promise<StoredPodcast[]> => (await pagecast.podcasts.list({ signal })).map(toStoredPodcast),
    initialData: () => readStoredPodcasts(owner),
    initialDataUpdatedAt: 0,
    structuralSharing: (old, fresh) => replaceEqualDeep(old, keepAudioAddresses(old as StoredPodcast[] | undefined, fresh as StoredPodcast[])),
  });
}

const withoutToken = (url: string) => url.split('?')[0];

/**
 * Every answer signs the audio address anew. A player is keyed by its address, so a new signature
 * for the same audio would stop a podcast that is playing: the address already held is kept.
 */
function keepAudioAddresses(old: StoredPodcast[] | undefined, fresh: StoredPodcast[]): StoredPodcast[] {
  if (!old) return fresh;
  const held = new Map(old.map((p) => [p.id, p.audioUrl]));
  return fresh.map((p) => {
    const audioUrl = held.get(p.id);
    return audioUrl && p.audioUrl && withoutToken(audioUrl) === withoutToken(p.audioUrl) ? { ...p, audioUrl } : p;
  });
}

type Change = Partial<Omit<StoredPodcast, 'id'>> | ((podcast: StoredPodcast) => StoredPodcast);

/** Changes one podcast in every list that holds it. */
export function patchPodcast(queryClient: QueryClient, id: string, change: Change): void {
  const apply = typeof change === 'function' ? change : (p: StoredPodcast) => ({ ...p, ...change });
  queryClient.setQueriesData<StoredPodcast[]>({ queryKey: podcastKeys.lists() }, (list) =>
    list?.map((p) => (p.id === id ? apply(p) : p)),
  );
}

/** A progress event from the server's stream. */
export function applyEventToLists(queryClient: QueryClient, event: PodcastEvent): void {
  patchPodcast(queryClient, event.id, (p) => applyPodcastEvent(p, event));
}

/** A new podcast goes to the front of its owner's list, and is listed once. */
export function addPodcast(queryClient: QueryClient, owner: string | null, podcast: StoredPodcast): void {
  queryClient.setQueryData<StoredPodcast[]>(podcastKeys.list(owner), (list = readStoredPodcasts(owner) ?? []) => [
    toStoredPodcast(podcast),
    ...list.filter((p) => p.id !== podcast.id),
  ]);
}

export function removePodcast(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<StoredPodcast[]>({ queryKey: podcastKeys.lists() }, (list) => list?.filter((p) => p.id !== id));
}

/** After a change the server made, every list is read again (by the screens that show one). */
export function refreshPodcastLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: podcastKeys.lists() });
}
