/**
 * Every value the extension keeps, declared once. The popup reads these to paint at once from what
 * the last visit left; the background writes them as work progresses.
 */
import { storage } from 'wxt/utils/storage';
import type { User } from '../shared/api/auth.ts';
import type { Podcast, PodcastStatus } from '../shared/api/podcasts.ts';
import type { ExtensionError } from './result.ts';
import { DEFAULT_SERVER_URL } from './server-address.ts';

/** A signed-in member: the bearer token and who it belongs to. */
export interface Session {
  token: string;
  user: User;
}

/** Where a podcast in the making came from. */
export type CreationSource = 'page' | 'selection';

/**
 * The podcast being made: read from the tab, sent, then converted by the server. `phase` is the
 * extension's side; `status` and `progress` are the server's once it has the podcast.
 */
export interface Creation {
  /** Identifies this attempt, so a tracker of an older one never overwrites a newer one. */
  attemptId: string;
  source: CreationSource;
  pageTitle: string;
  pageUrl: string;
  phase: 'reading' | 'sending' | 'converting' | 'ready' | 'failed';
  podcastId: string | null;
  title: string;
  status: PodcastStatus | null;
  progress: number;
  audioUrl: string | null;
  error: ExtensionError | null;
  /** The reader has seen how it ended (the badge is cleared). */
  seen: boolean;
}

/** What the offscreen player is doing, mirrored for the popup. */
export interface Playback {
  podcastId: string;
  title: string;
  /** The absolute audio address (it carries its own signed token). */
  src: string;
  status: 'loading' | 'playing' | 'paused' | 'ended' | 'error';
  /** Seconds into the episode when `updatedAt` was taken. */
  position: number;
  duration: number | null;
  error: string | null;
  /** Date.now() of the last report, to advance the position smoothly between reports. */
  updatedAt: number;
}

export const serverUrlItem = storage.defineItem<string>('local:serverUrl', { fallback: DEFAULT_SERVER_URL });

export const sessionItem = storage.defineItem<Session | null>('local:session', { fallback: null });

/**
 * Ties this browser's anonymous podcasts together; they move into the account at sign-in. Made on
 * first use (background/server.ts).
 */
export const anonymousTokenItem = storage.defineItem<string | null>('local:anonymousToken', { fallback: null });

/** The member's podcasts as last fetched, newest first. */
export const recentPodcastsItem = storage.defineItem<Podcast[]>('local:recentPodcasts', { fallback: [] });

export const creationItem = storage.defineItem<Creation | null>('local:creation', { fallback: null });

export const playbackItem = storage.defineItem<Playback | null>('local:playback', { fallback: null });
