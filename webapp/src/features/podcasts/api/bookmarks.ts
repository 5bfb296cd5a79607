/** A Premium member's bookmarks in one podcast, kept on the server so the web app and extension agree. */
import { bookmarkSchema, bookmarksResponseSchema, type Bookmark } from '../../../../../shared/api/premium.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { podcastPath } from './podcasts.ts';

const bookmarksPath = (podcastId: string) => `${podcastPath(podcastId)}/bookmarks`;

export async function listBookmarks(podcastId: string, signal?: AbortSignal): Promise<Bookmark[]> {
  const { bookmarks } = await apiRequest(bookmarksPath(podcastId), { schema: bookmarksResponseSchema, signal });
  return bookmarks;
}

export function addBookmark(podcastId: string, positionSeconds: number, note: string): Promise<Bookmark> {
  return apiRequest(bookmarksPath(podcastId), {
    method: 'POST',
    body: { positionSeconds, note: note.trim() || undefined },
    schema: bookmarkSchema,
  });
}

export async function deleteBookmark(podcastId: string, bookmarkId: string): Promise<void> {
  await apiRequest(`${bookmarksPath(podcastId)}/${encodeURIComponent(bookmarkId)}`, { method: 'DELETE' });
}
