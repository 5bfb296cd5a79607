/** Where the podcasts feature keeps its server state in the query cache. */
import type { QueryKey } from '@tanstack/react-query';

export const podcastKeys = {
  /** Every podcast list, whoever owns it. */
  lists: () => ['podcasts', 'list'] as const,
  /** One owner's list: a member's e-mail, or null for an anonymous visitor. */
  list: (owner: string | null) => ['podcasts', 'list', owner] as const,
  bookmarks: (podcastId: string) => ['podcasts', 'bookmarks', podcastId] as const,
  voices: () => ['voices'] as const,
  sharedPodcast: (token: string) => ['shared-podcast', token] as const,
};

export function isPodcastListKey(key: QueryKey): key is ReturnType<typeof podcastKeys.list> {
  return key.length === 3 && key[0] === 'podcasts' && key[1] === 'list';
}
