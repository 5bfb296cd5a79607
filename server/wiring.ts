/**
 * The composition root: the one place that knows which implementation backs each service, and
 * that builds the conversion pipeline and the job handlers. The server (index.ts), the CLI and the
 * tests all build through it; tests override what they fake.
 */
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { createUrlSigner } from './http/signed-url.ts';
import { createConversionJobs, type ConversionJobs } from './jobs/conversion.ts';
import type { Logger } from './lib/logger.ts';
import { convertPodcast, markConversionFailed, PodcastDeletedError } from './pipeline/podcast-conversion.ts';
import type { PipelinePorts, PreparedArticle, ServerPipeline } from './pipeline/stages.ts';
import { getOrCreateSecret } from './repositories/secret-repository.ts';
import { JOBS_CHANNEL } from './repositories/job-repository.ts';
import { openNotifications } from './db/notifications.ts';
import type { AudioStore } from './machinery/audio/store.ts';
import { createDiskAudioStore } from './machinery/audio/disk-store.ts';
import { createS3AudioStore } from './machinery/audio/s3-store.ts';
import { createAuthDeps } from './services/auth/auth-deps.ts';
import type { ArticleExtractor } from './machinery/extract/extractor.ts';
import { createArticleExtractor } from './machinery/extract/extractor.ts';
import { fetchPage } from './machinery/fetch/fetch-page.ts';
import { BlockedAddressError } from './machinery/fetch/resolve-target.ts';
import { AppError } from './errors.ts';
import { createRecentPages, type RecentPages } from './machinery/fetch/recent-pages.ts';
import { extractArticle } from './machinery/extract/extract-article.ts';
import { extractPdf } from './machinery/extract/extract-pdf.ts';
import { loadPage } from './cli/load-page.ts';
import fs from 'node:fs';
import { createPodcastEvents, type PodcastEvents } from './services/podcasts/events.ts';
import { createHeldRequests } from './services/podcasts/held-requests.ts';
import { createUploadSlots } from './machinery/upload/upload-slots.ts';
import { createPodcastWatchers, type PodcastWatchers } from './services/podcasts/watchers.ts';
import { createFallbackScriptWriter } from './machinery/script/fallback-writer.ts';
import { NO_SCRIPT_WRITER_REASON } from '../shared/podcast/status-labels.ts';
import type { ScriptWriter } from './machinery/script/types.ts';
import type { SpeechEngine } from './machinery/speech/engine.ts';
import { createEncoderPool, type EncoderPool } from './machinery/audio/episode-encoder.ts';
import { voiceGainDb } from './machinery/audio/loudness.ts';
import { FRESH_EPISODE, type EpisodeSegment } from './machinery/speech/episode.ts';
import { createEspeakEngine } from './machinery/speech/espeak-engine.ts';
import { createNaturalEngine } from './machinery/speech/natural-engine.ts';
import { createVoiceStore, type VoiceStore } from './machinery/voices/voice-store.ts';
import { createSpeakingRates } from './machinery/speech/speaking-rate.ts';
import { checkFollowedFeed, type CheckFeedDeps } from './use-cases/check-followed-feed.ts';
import { createFeedCheckSchedule, tickMsFor } from './jobs/feed-checks.ts';

// The OpenAI SDK (about 25 MB) loads only when an AI writer or an API voice is configured.

/**
 * The natural voices in DATA_DIR/voices, downloaded from VOICE_MODELS_URL unless VOICE_DOWNLOADS=off;
 * a redirect off the mirror's host follows the page fetcher's address rules (FETCH_ALLOW_HOSTS too).
 */
export function createVoices(config: Pick<Config, 'dataDir' | 'voices' | 'fetchAllowHosts'>, logger?: Logger): VoiceStore {
  return createVoiceStore({
    dataDir: config.dataDir,
    modelsUrl: config.voices.modelsUrl,
    downloads: config.voices.downloads,
    allowHosts: config.fetchAllowHosts,
    logger,
  });
}

/** The voice TTS_PROVIDER names: with no key, the natural voices installed, over espeak-ng. */
export async function createSpeechEngine(config: Config, logger: Logger): Promise<SpeechEngine> {
  switch (config.tts.provider) {
    case 'espeak':
      return createNaturalEngine({
        store: createVoices(config, logger),
        espeak: createEspeakEngine(),
        logger,
        downloadOnFirstUse: config.voices.downloads,
      });
    case 'openai':
      return (await import('./machinery/speech/openai-engine.ts')).createOpenAiSpeechEngine({ ...config.tts, logger });
  }
}

/** The AI script writer OPENAI_* configures, else the template. */
async function createScriptWriter(config: Config, logger: Logger): Promise<ScriptWriter> {
  if (!config.openai.apiKey && !config.openai.baseUrl) return createFallbackScriptWriter(NO_SCRIPT_WRITER_REASON);
  return (await import('./machinery/script/openai-writer.ts')).createScriptWriter({ ...config.openai, logger });
}

/** Where podcast audio is kept: DATA_DIR/audio, or the bucket AUDIO_STORE=s3 names. */
export function createAudioStore(config: Pick<Config, 'dataDir' | 'audio'>): AudioStore {
  switch (config.audio.store) {
    case 'local':
      return createDiskAudioStore(path.join(config.dataDir, 'audio'));
    case 's3':
      return createS3AudioStore(config.audio);
  }
}

/** The server's pipeline: pages fetched under the address policy, extraction in a worker, audio in the store. */
export function createServerPipeline(parts: {
  config: Pick<Config, 'fetchAllowHosts'> & Partial<Pick<Config, 'env'>>;
  extractor: ArticleExtractor;
  scriptWriter: ScriptWriter;
  speech: SpeechEngine;
  encoders: EncoderPool;
  logger?: Logger;
}): ServerPipeline {
  return {
    fetchPage: async (url, signal) => {
      try {
        return await fetchPage(url, { allowHosts: parts.config.fetchAllowHosts, signal });
      } catch (err) {
        // In development the refusal of a page on this machine names the setting that lets it through.
        const blocked = err instanceof AppError && err.cause instanceof BlockedAddressError ? err.cause : null;
        if (blocked?.hostPort && parts.config.env === 'development') {
          parts.logger?.warn(`refused a private address: to read pages at ${blocked.hostPort}, start the server with FETCH_ALLOW_HOSTS=${blocked.hostPort}`, {
            reason: blocked.message,
          });
        }
        throw err;
      }
    },
    extract: (page, options) =>
      'pdf' in page ? parts.extractor.extractPdf(page.pdf, options) : parts.extractor.extract(page.html, page.url, options),
    scriptWriter: parts.scriptWriter,
    speech: parts.speech,
    encoders: parts.encoders,
    gainDb: (voice) => voiceGainDb(parts.speech.name, voice),
    wordsPerMinute: createSpeakingRates(parts.speech, parts.encoders, parts.logger).wordsPerMinute,
  };
}

/** The articles of pages read in the last few minutes, weighed by the text they hold. */
export function createRecentArticles(): RecentPages<PreparedArticle> {
  return createRecentPages((article) => article.text.length + article.scriptText.length + (article.lines?.length ?? 0));
}

/** The progress streams of this process, capped per owner and per podcast as configured. */
export function createWatchers(deps: { config: Pick<Config, 'limits'>; db: Database; logger: Logger; events: PodcastEvents }): PodcastWatchers {
  const { eventStreamsPerOwner: perOwner, eventStreamsPerPodcast: perPodcast } = deps.config.limits;
  return createPodcastWatchers({ db: deps.db, events: deps.events, logger: deps.logger.child({ component: 'event-streams' }), caps: { perOwner, perPodcast } });
}

/**
 * The jobs: a conversion runs the pipeline over its podcast (one that gives up marks it failed); a
 * feed check reads a followed feed and makes its new items' episodes. Started, they also queue the
 * checks of the feeds that are due.
 */
export function createJobs(
  deps: Omit<CheckFeedDeps, 'jobs'> & { events: PodcastEvents; audio: AudioStore; pipeline: ServerPipeline; config: CheckFeedDeps['config'] & Pick<Config, 'jobConcurrency' | 'jobLeaseMs'> },
  options: { pollMs?: number; backoffBaseMs?: number } = {},
): ConversionJobs {
  const conversion = { db: deps.db, logger: deps.logger, events: deps.events, audio: deps.audio, ports: deps.pipeline };
  const self: { jobs?: ConversionJobs } = {};
  const feedChecks = { ...deps, logger: deps.logger.child({ component: 'follows' }), jobs: { enqueue: (db: Database, id: string, now: Date) => self.jobs!.enqueue(db, id, now), nudge: () => self.jobs?.nudge() } };
  const runner = createConversionJobs({
    db: deps.db,
    logger: deps.logger,
    concurrency: deps.config.jobConcurrency,
    leaseMs: deps.config.jobLeaseMs,
    ...options,
    handler: {
      run: (job, signal, close, turn) =>
        job.kind === 'check-feed' ? checkFollowedFeed(feedChecks, job.feedId!, signal) : convertPodcast(conversion, job.podcastId!, signal, close, turn),
      giveUp: async (job, error, tx) => {
        if (job.kind === 'check-feed') deps.logger.error('a feed check gave up', { feedId: job.feedId, err: error });
        else return markConversionFailed(conversion, job.podcastId!, error, tx);
      },
      cancelled: (error) => error instanceof PodcastDeletedError,
    },
  });
  const schedule = createFeedCheckSchedule({ db: deps.db, logger: deps.logger, clock: deps.clock, tickMs: tickMsFor(deps.config.followIntervalMs), queued: () => runner.nudge() });
  self.jobs = {
    ...runner,
    start() {
      runner.start();
      schedule.start();
    },
    async stop() {
      schedule.stop();
      await runner.stop();
    },
  };
  return self.jobs;
}

/**
 * The CLI's pipeline: the page is a web address, an HTML file or a PDF file, extraction runs in this process,
 * and the segments are appended to a part file renamed to `outFile` once the episode is whole.
 */
export async function createCliPipeline(parts: {
  config: Config;
  logger: Logger;
  baseUrl?: string | undefined;
  outFile: string;
  onTitle?: (title: string) => void;
  onSegment?: (segment: EpisodeSegment) => void;
}): Promise<PipelinePorts & { close(): Promise<void> }> {
  const partFile = `${parts.outFile}.${process.pid}.part`;
  const speech = await createSpeechEngine(parts.config, parts.logger);
  const encoders = createEncoderPool({ size: 1 });
  return {
    fetchPage: (source, signal) => loadPage(source, { baseUrl: parts.baseUrl, config: () => parts.config, signal }),
    extract: async (page) => ('pdf' in page ? extractPdf(page.pdf) : extractArticle(page.html, page.url)),
    scriptWriter: await createScriptWriter(parts.config, parts.logger),
    speech,
    encoders,
    gainDb: (voice) => voiceGainDb(speech.name, voice),
    async openEpisode() {
      await fs.promises.rm(partFile, { force: true });
      return {
        key: path.basename(parts.outFile),
        resume: FRESH_EPISODE,
        async segment(segment) {
          await fs.promises.appendFile(partFile, segment.bytes);
          parts.onSegment?.(segment);
        },
      };
    },
    scriptWritten: async (result) => parts.onTitle?.(result.title),
    titleWritten: async (title) => parts.onTitle?.(title),
    storeAudio: () => fs.promises.rename(partFile, parts.outFile),
    async close() {
      await fs.promises.rm(partFile, { force: true });
      await Promise.all([speech.close(), encoders.close()]);
    },
  };
}

/** NOTIFY channel of podcast changes, between the processes sharing one PostgreSQL. */
const PODCASTS_CHANNEL = 'pagecast_podcasts';

/**
 * The podcast events: in this process only on the embedded database; on PostgreSQL also relayed
 * through LISTEN/NOTIFY to and from the other processes, whose queued jobs also wake `onJobQueued`.
 */
async function createEvents(config: Config, database: DatabaseHandle, logger: Logger, onJobQueued: () => void): Promise<PodcastEvents> {
  if (database.kind !== 'postgres' || !config.databaseUrl) return createPodcastEvents();
  const log = logger.child({ component: 'notifications' });
  // The connection is open before the events exist, so what it hears reaches them through this.
  const heard: { events?: PodcastEvents } = {};
  const notifications = await openNotifications(config.databaseUrl, [PODCASTS_CHANNEL, JOBS_CHANNEL], {
    message: (channel, payload) => (channel === JOBS_CHANNEL ? onJobQueued() : heard.events?.receive(payload)),
    reconnected: () => {
      log.info('listening again');
      heard.events?.resync();
    },
    error: (err) => log.warn('notification connection fault', { err }),
  });
  heard.events = createPodcastEvents({ send: (payload) => notifications.send(PODCASTS_CHANNEL, payload), close: () => notifications.close() });
  return heard.events;
}

export async function createDeps(config: Config, database: DatabaseHandle, logger: Logger): Promise<AppDeps> {
  // A job queued by another process wakes this one's runner (built last, from the parts).
  const built: { jobs?: ConversionJobs } = {};
  const parts = {
    config,
    db: database.db,
    dbKind: database.kind,
    logger,
    // The SDK loads only when billing is configured.
    stripe: config.stripe ? (await import('./services/billing/stripe-client.ts')).createStripeClient(config.stripe) : null,
    clock: () => new Date(),
    auth: createAuthDeps(config),
    signer: createUrlSigner(await getOrCreateSecret(database.db, 'signed-urls')),
    events: await createEvents(config, database, logger, () => built.jobs?.nudge()),
    scriptWriter: await createScriptWriter(config, logger),
    speech: await createSpeechEngine(config, logger),
    audio: createAudioStore(config),
    encoders: createEncoderPool({ size: config.jobConcurrency }),
    extractor: createArticleExtractor(),
    recentPages: createRecentArticles(),
    playlistHolds: createHeldRequests({ perClient: config.limits.playlistsPerClient, perPodcast: config.limits.playlistsPerPodcast }),
    uploads: createUploadSlots({ atOnce: config.limits.uploadsAtOnce, perClient: config.limits.uploadsPerClient }),
  };
  const withPipeline = { ...parts, watchers: createWatchers(parts), pipeline: createServerPipeline(parts) };
  built.jobs = createJobs(withPipeline);
  return { ...withPipeline, jobs: built.jobs };
}
