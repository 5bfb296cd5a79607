/**
 * The one message protocol between the popup, the background and the offscreen player. Every
 * request answers a Result, so errors arrive as data in whichever context asked.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { User } from '../shared/api/auth.ts';
import type { Podcast } from '../shared/api/podcasts.ts';
import type { Capabilities } from '../shared/api/capabilities.ts';
import type { EpisodeKind } from '../shared/podcast/episode-source.ts';
import type { PodcastMode } from '../shared/constants.ts';
import type { Result } from './result.ts';
import type { Creation, Playback, TrayPage } from './storage.ts';

export interface SignInRequest {
  mode: 'login' | 'register';
  email: string;
  password: string;
}

/** How the reader asked the episode to tell the page (absent: the member's default, else the server's). */
export interface CreateOptions {
  mode?: PodcastMode;
  /** Podcast and conversation modes only. */
  minutes?: number;
}

/** The page's episode length before Create, for the mode asked. */
export interface PageEstimate {
  words: number;
  seconds: number;
  /** The PDF's pages when the tab shows a PDF; null for a web page. */
  pages: number | null;
  /** When the page lists other pages (a front page, search results) rather than being an article: how many. */
  listing: number | null;
}

/** The tray's episode length before "Make one episode": its pages' words, and seconds once a mode is known. */
export interface TrayEstimate {
  words: number;
  /** The server's estimate (in its default mode when none is chosen); null with no pages. */
  seconds: number | null;
}

/** What the popup asks of the player. */
export type PlaybackCommand =
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'seek'; position: number }
  | { action: 'rate'; rate: number }
  | { action: 'stop' };

/** Where a podcast goes in the queue: right after the one playing, or at its end. */
export type QueuePlace = 'next' | 'end';

/** Starts (or resumes) the episode at `src` from `position` seconds. */
export interface AudioStart {
  src: string;
  /** The finished file, or the episode's growing stream (HLS). */
  kind: EpisodeKind;
  position: number;
  /** The speed, pitch kept (1 when absent). */
  rate?: number;
  /** What the system's media controls show: the podcast's title and a picture (absolute address). */
  title?: string;
  artwork?: string;
}

export type AudioCommand =
  | { action: 'pause' }
  | { action: 'seek'; position: number }
  | { action: 'rate'; rate: number }
  | { action: 'stop' };

/** What the player reports as the audio element's state changes. */
export interface AudioReport {
  /** The address it was started on (which the report is about). */
  src: string;
  status: Playback['status'];
  position: number;
  duration: number | null;
  error: string | null;
}

export interface ProtocolMap {
  // popup → background
  signIn(data: SignInRequest): Result<User>;
  signOut(): Result<{ serverConfirmed: boolean }>;
  refreshSession(): Result<User | null>;
  saveServerAddress(data: { url: string }): Result<string>;
  readTabSelection(data: { tabId: number }): Result<string>;
  createPodcastFromTab(data: { tabId: number } & CreateOptions): Result<Creation>;
  createPodcastFromSelection(data: { tabId: number; selectionText?: string } & CreateOptions): Result<Creation>;
  estimatePage(data: { tabId: number } & CreateOptions): Result<PageEstimate>;
  /** Reads the tab and puts its page at the end of the tray; answers the tray. */
  addTabToTray(data: { tabId: number }): Result<TrayPage[]>;
  removeFromTray(data: { id: string }): Result<TrayPage[]>;
  /** How long one episode of the tray's pages would be, in the mode asked. */
  estimateTray(data: CreateOptions): Result<TrayEstimate>;
  /** One episode of every page in the tray (2 to 10), a chapter each; the tray empties once the server has it. */
  createPodcastFromTray(data: CreateOptions): Result<Creation>;
  acknowledgeCreation(): Result<null>;
  dismissCreation(): Result<null>;
  listPodcasts(): Result<Podcast[]>;
  /** What the server can make: an AI writer or not, and the mode it picks when none is asked. */
  serverCapabilities(): Result<Capabilities>;
  playPodcast(data: { podcastId: string }): Result<Playback>;
  controlPlayback(data: PlaybackCommand): Result<Playback | null>;
  queuePodcast(data: { podcastId: string; place: QueuePlace }): Result<string[]>;
  // background → offscreen player
  startAudio(data: AudioStart): Result<null>;
  controlAudio(data: AudioCommand): Result<null>;
  // offscreen player → background
  reportAudio(data: AudioReport): void;
  // background → read-along on the source page: highlight a paragraph of the extracted article, or
  // remove every highlight and listener
  readAlongShow(data: { paragraph: number }): boolean;
  readAlongStop(): boolean;
  // read-along → background: the reader clicked a paragraph
  readAlongSeek(data: { paragraph: number }): Result<null>;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
