/** Where the podcasts feature keeps its server state in the query cache. */
import type { QueryKey } from '@tanstack/react-query';

export const podcastKeys = {
  /** Every podcast list, whoever owns it. */
  lists: () => ['podcasts', 'list'] as const,
  /** One owner's list: a member's e-mail, or null for an anonymous visitor. */
  list: (owner: string | null) => ['podcasts', 'list', owner] as const,
  bookmarks: (podcastId: string) => ['podcasts', 'bookmarks', podcastId] as const,
  voices: () => ['voices'] as const,
  /** The estimated length of an episode; `request` is the estimate's body as JSON. */
  estimate: (request: string) => ['podcasts', 'estimate', request] as const,
  /** A podcast's script, for the editor and the Transcript window. */
  script: (podcastId: string) => ['podcasts', 'script', podcastId] as const,
  sharedPodcast: (token: string) => ['shared-podcast', token] as const,
  /** A shared podcast's script, for its page when it has no timed transcript. */
  sharedScript: (token: string) => ['shared-script', token] as const,
  /** A podcast's timed transcript: its owner's (`podcast`) or a shared link's (`shared`). */
  transcript: (kind: 'podcast' | 'shared', idOrToken: string) => ['transcript', kind, idOrToken] as const,
  /** The listening queue: a member's (their e-mail) or this browser's (null). */
  queue: (owner: string | null) => ['queue', owner] as const,
};

export function isPodcastListKey(key: QueryKey): key is ReturnType<typeof podcastKeys.list> {
  return key.length === 3 && key[0] === 'podcasts' && key[1] === 'list';
}
