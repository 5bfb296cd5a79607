/**
 * A podcast's bookmarks as the server keeps them, in the order they come in the podcast. A bookmark
 * added or deleted changes the cached list once the server has it, from the server's answer.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bookmark } from '../../../../../shared/api/premium.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { podcastKeys } from '../api/podcast-keys.ts';

const byPosition = (a: Bookmark, b: Bookmark) => a.positionSeconds - b.positionSeconds;
const NO_BOOKMARKS: Bookmark[] = [];

export function useBookmarks(podcastId: string) {
  const queryClient = useQueryClient();
  const queryKey = podcastKeys.bookmarks(podcastId);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await pagecast.bookmarks.list(podcastId, { signal })).sort(byPosition),
  });
  const setList = (change: (list: Bookmark[]) => Bookmark[]) => queryClient.setQueryData<Bookmark[]>(queryKey, (list = []) => change(list));

  const add = useMutation({
    mutationFn: ({ positionSeconds, note }: { positionSeconds: number; note: string }) => pagecast.bookmarks.add(podcastId, { positionSeconds, note: note.trim() || undefined }),
    onSuccess: (created) => setList((list) => [...list.filter((b) => b.id !== created.id), created].sort(byPosition)),
  });
  const remove = useMutation({
    mutationFn: (bookmarkId: string) => pagecast.bookmarks.remove(podcastId, bookmarkId),
    onSuccess: (_, bookmarkId) => setList((list) => list.filter((b) => b.id !== bookmarkId)),
  });

  return {
    bookmarks: query.data ?? NO_BOOKMARKS,
    loading: query.isPending,
    error: query.error ? errorMessage(query.error) : null,
    /** Rejects with the server's message; the list changes only once the server has it. */
    add: (positionSeconds: number, note: string) => add.mutateAsync({ positionSeconds, note }),
    remove: (bookmarkId: string) => remove.mutateAsync(bookmarkId),
  };
}
