import type Stripe from 'stripe';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './lib/logger.ts';
import type { AuthDeps } from './services/auth/auth-deps.ts';
import type { UrlSigner } from './http/signed-url.ts';
import type { UploadTimes } from './http/upload.ts';
import type { ConversionJobs } from './jobs/conversion.ts';
import type { PreparedArticle, ServerPipeline } from './pipeline/ports.ts';
import type { PodcastEvents } from './services/podcasts/events.ts';
import type { HeldRequests } from './services/podcasts/held-requests.ts';
import type { UploadSlots } from './machinery/upload/upload-slots.ts';
import type { PodcastWatchers } from './services/podcasts/watchers.ts';
import type { ScriptWriter } from './machinery/script/types.ts';
import type { SpeechEngine } from './machinery/speech/engine.ts';
import type { AudioStore } from './machinery/audio/store.ts';
import type { EncoderPool } from './machinery/audio/episode-encoder.ts';
import type { ArticleExtractor } from './machinery/extract/extractor.ts';
import type { RecentPages } from './machinery/fetch/recent-pages.ts';
import type { Answers } from './use-cases/ask-question.ts';

/** What createApp needs. Tests build it with fakes; index.ts with the real things. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** Which engine `db` runs on. */
  dbKind: 'pglite' | 'postgres';
  logger: Logger;
  /** The Stripe client; null when billing is off (no Stripe keys). */
  stripe: Stripe | null;
  /** The current time; injectable so tests can move it. */
  clock: () => Date;
  /** The session key and the password hasher. */
  auth: AuthDeps;
  /** Signs the audio and progress URLs clients open without headers. */
  signer: UrlSigner;
  /** Live podcast changes for the progress stream. */
  events: PodcastEvents;
  /** The progress streams open in this process: capped, and read again together. */
  watchers: PodcastWatchers;
  /** Playlists held open waiting for a first part in this process: capped per client and per podcast. */
  playlistHolds: HeldRequests;
  /** Files being received in this process: capped in all and per client. */
  uploads: UploadSlots;
  /** How long an upload may wait for its next bytes and take in all; UPLOAD_LIMITS when absent (tests shorten them). */
  uploadTimes?: UploadTimes;
  /** Writes a podcast's script and title (the AI, or a template when none is configured). */
  scriptWriter: ScriptWriter;
  /** The voice (embedded espeak-ng, or an OpenAI-compatible speech API). */
  speech: SpeechEngine;
  /** Podcast MP3 files (DATA_DIR/audio). */
  audio: AudioStore;
  /** MP3 encoders in worker threads, one per episode being made. */
  encoders: EncoderPool;
  /** Readability in a worker thread, for pages the server fetches. */
  extractor: ArticleExtractor;
  /** The conversion pipeline's parts: requests run its intake, jobs the rest. */
  pipeline: ServerPipeline;
  /** Pages read in the last few minutes, so a Create right after its estimate does not fetch again. */
  recentPages: RecentPages<PreparedArticle>;
  /** Answers listeners' questions: the AI (or none) and an encoder of their own. */
  answers: Answers;
  /**
   * Loads the voice and the encoder ahead of a podcast (later calls do nothing); the app calls it on
   * the requests that come before one. Absent where this process makes no podcasts or loads them itself.
   */
  warmUp?: () => void;
  /** Queues and runs conversion jobs; index.ts starts and stops them. */
  jobs: ConversionJobs;
}
