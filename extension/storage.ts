/**
 * Every value the extension keeps, declared once. The popup reads these to paint at once from what
 * the last visit left; the background writes them as work progresses.
 */
import { storage } from 'wxt/utils/storage';
import type { User } from '../shared/api/auth.ts';
import type { Podcast, PodcastStatus, UnreadableSource } from '../shared/api/podcasts.ts';
import type { PodcastMode } from '../shared/constants.ts';
import type { EpisodeKind } from '../shared/podcast/episode-source.ts';
import type { GrowingEpisode } from '../shared/podcast/growing-episode.ts';
import type { Chapter } from '../shared/api/transcript.ts';
import type { ExtensionError } from './result.ts';
import type { StoredSource } from './stored-file.ts';
import { DEFAULT_SERVER_URL } from './server-address.ts';

/** A signed-in member: the bearer token and who it belongs to. */
export interface Session {
  token: string;
  user: User;
}

/** Where a podcast in the making came from: the tab's page, its selection, or the pages in the tray. */
export type CreationSource = 'page' | 'selection' | 'tray';

/**
 * The podcast being made: read from the tab, sent, then converted by the server. `phase` is the
 * extension's side; `status` and `progress` are the server's once it has the podcast.
 */
export interface Creation {
  /** Identifies this attempt, so a tracker of an older one never overwrites a newer one. */
  attemptId: string;
  source: CreationSource;
  /** The tab it was made from: a failure shows there only (absent in a creation an earlier version stored). */
  tabId?: number;
  pageTitle: string;
  pageUrl: string;
  phase: 'reading' | 'sending' | 'converting' | 'ready' | 'failed';
  podcastId: string | null;
  title: string;
  status: PodcastStatus | null;
  progress: number;
  audioUrl: string | null;
  /** The episode's growing stream, from its first part on (absent in a creation an earlier version stored). */
  streamUrl?: string | null;
  /** Seconds made so far, and the estimated whole length, while it is made. */
  audioSeconds?: number | null;
  estimatedSeconds?: number | null;
  /** Playback started by itself once the first part was made (the reader asked for this podcast). */
  autoplayed?: boolean;
  error: ExtensionError | null;
  /** The reader has seen how it ended (the badge is cleared). */
  seen: boolean;
  /** Of an episode of several pages: those the server could not read, which it left out. */
  unreadable?: UnreadableSource[];
  /** The mode it is made in, and why its script is not wholly the AI's: the card's words once ready. */
  mode?: PodcastMode;
  fallbackReason?: string | null;
}

/**
 * A page put in the tray with "Add this page", read when it was added (the extension may read a tab
 * only on the reader's click): its article's text, or the PDF it showed.
 */
export interface TrayPage {
  id: string;
  title: string;
  /** The tab's address when it was added. */
  url: string;
  /** What the episode is made of: `{ text, title, sourceUrl, lines }` or `{ file, sourceUrl }` (the PDF in base64, as storage keeps it). */
  source: StoredSource;
  /** The article's words; null for a PDF (the server counts its words). */
  words: number | null;
}

/** What the offscreen player is doing, mirrored for the popup. */
export interface Playback {
  podcastId: string;
  title: string;
  /** The absolute audio address (it carries its own signed token). */
  src: string;
  /** The finished file, or the episode's stream (absent in what an earlier version stored: a file). */
  kind?: EpisodeKind;
  status: 'loading' | 'playing' | 'paused' | 'ended' | 'error';
  /** Seconds into the episode when `updatedAt` was taken. */
  position: number;
  /** The element's duration; while the episode is made, the part of it the player has. */
  duration: number | null;
  /** The episode while it is made (what exists, the estimated length); null once it is complete. */
  growing?: GrowingEpisode | null;
  /** The podcast failed part of the way: what plays is the part made. */
  unfinished?: boolean;
  error: string | null;
  /** Date.now() of the last report, to advance the position smoothly between reports. */
  updatedAt: number;
  /** The speed it plays at (1 when absent). */
  rate?: number;
  /** The episode's chapters, from its transcript (absent until read, or when it has none). */
  chapters?: Chapter[];
}

export const serverUrlItem = storage.defineItem<string>('local:serverUrl', { fallback: DEFAULT_SERVER_URL });

export const sessionItem = storage.defineItem<Session | null>('local:session', { fallback: null });

/**
 * Ties this browser's anonymous podcasts together; they move into the account at sign-in. Made on
 * first use (background/server.ts).
 */
export const anonymousTokenItem = storage.defineItem<string | null>('local:anonymousToken', { fallback: null });

/** The web app's session this extension was signed out of on purpose: not taken up again. */
export const declinedWebSessionItem = storage.defineItem<string | null>('local:declinedWebSession', { fallback: null });

/** The member's podcasts as last fetched, newest first. */
export const recentPodcastsItem = storage.defineItem<Podcast[]>('local:recentPodcasts', { fallback: [] });

export const creationItem = storage.defineItem<Creation | null>('local:creation', { fallback: null });

export const playbackItem = storage.defineItem<Playback | null>('local:playback', { fallback: null });

/** The podcasts to play next, in order (a member's is kept on the server too). */
export const queueItem = storage.defineItem<string[]>('local:queue', { fallback: [] });

/** The pages gathered for one episode of several ("Add this page"), in the order added. */
export const trayItem = storage.defineItem<TrayPage[]>('local:tray', { fallback: [] });

/** The speed of a reader who is not signed in (a member's is their preference). */
export const playbackRateItem = storage.defineItem<number>('local:playbackRate', { fallback: 1 });
