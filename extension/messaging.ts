/**
 * The one message protocol between the popup, the background and the offscreen player. Every
 * request answers a Result, so errors arrive as data in whichever context asked.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { User } from '../shared/api/auth.ts';
import type { Podcast } from '../shared/api/podcasts.ts';
import type { EpisodeKind } from '../shared/podcast/episode-source.ts';
import type { Result } from './result.ts';
import type { Creation, Playback } from './storage.ts';

export interface SignInRequest {
  mode: 'login' | 'register';
  email: string;
  password: string;
}

/** What the popup asks of the player. */
export type PlaybackCommand =
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'seek'; position: number }
  | { action: 'stop' };

/** Starts (or resumes) the episode at `src` from `position` seconds. */
export interface AudioStart {
  src: string;
  /** The finished file, or the episode's growing stream (HLS). */
  kind: EpisodeKind;
  position: number;
}

export type AudioCommand = { action: 'pause' } | { action: 'seek'; position: number } | { action: 'stop' };

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
  createPodcastFromTab(data: { tabId: number }): Result<Creation>;
  createPodcastFromSelection(data: { tabId: number; selectionText?: string }): Result<Creation>;
  acknowledgeCreation(): Result<null>;
  dismissCreation(): Result<null>;
  listPodcasts(): Result<Podcast[]>;
  playPodcast(data: { podcastId: string }): Result<Playback>;
  controlPlayback(data: PlaybackCommand): Result<Playback | null>;
  // background → offscreen player
  startAudio(data: AudioStart): Result<null>;
  controlAudio(data: AudioCommand): Result<null>;
  // offscreen player → background
  reportAudio(data: AudioReport): void;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
