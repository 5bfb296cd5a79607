/** A podcast's bookmarks as the server keeps them, in the order they come in the podcast. */
import { useEffect, useState } from 'react';
import type { Bookmark } from '../../../../../shared/api/premium.ts';
import { addBookmark, deleteBookmark, listBookmarks } from '../api/bookmarks.ts';

const byPosition = (a: Bookmark, b: Bookmark) => a.positionSeconds - b.positionSeconds;

export function useBookmarks(podcastId: string) {
  const [bookmarks, setBookmarks] = useState<Bookmark[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    listBookmarks(podcastId, controller.signal)
      .then((list) => {
        setBookmarks([...list].sort(byPosition));
        setError(null);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [podcastId]);

  return {
    bookmarks,
    loading,
    error,
    /** Rejects with the server's message; the list changes only once the server has it. */
    add: async (positionSeconds: number, note: string) => {
      const created = await addBookmark(podcastId, positionSeconds, note);
      setBookmarks((list) => [...list.filter((b) => b.id !== created.id), created].sort(byPosition));
    },
    remove: async (bookmarkId: string) => {
      await deleteBookmark(podcastId, bookmarkId);
      setBookmarks((list) => list.filter((b) => b.id !== bookmarkId));
    },
  };
}
