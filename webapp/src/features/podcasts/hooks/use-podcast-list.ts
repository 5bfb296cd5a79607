import { useQuery } from '@tanstack/react-query';
import { podcastListQuery } from '../api/podcast-list.ts';
import type { StoredPodcast } from '../api/podcast-storage.ts';

/**
 * The owner's podcasts as the cache holds them. With `fetch` the server's list is read (and read
 * again on focus and after changes); without it only what this browser already holds shows.
 */
export function usePodcastList(owner: string | null, { fetch }: { fetch: boolean }) {
  const query = useQuery({ ...podcastListQuery(owner), enabled: fetch });
  return {
    podcasts: query.data ?? EMPTY,
    /** True until the server's list has come (or failed) once. */
    loading: fetch && !query.isFetched,
    error: query.error,
  };
}

const EMPTY: StoredPodcast[] = [];
