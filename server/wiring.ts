/**
 * The composition root: the one place that knows which implementation backs each service, and
 * that builds the server's pipeline ports (pipeline/server-ports.ts) and the job runner
 * (use-cases/run-job.ts dispatches by kind). The server (index.ts), the CLI and the
 * tests all build through it; tests override what they fake.
 */
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { createUrlSigner } from './http/signed-url.ts';
import { createServerPipeline } from './pipeline/server-ports.ts';
import { createConversionJobs, type ConversionJobs } from './jobs/conversion.ts';
import type { Logger } from './lib/logger.ts';
import type { PreparedArticle, ServerPipeline } from './pipeline/ports.ts';
import { getOrCreateSecret } from './repositories/secret-repository.ts';
import { JOBS_CHANNEL } from './repositories/job-repository.ts';
import { openNotifications } from './db/notifications.ts';
import type { AudioStore } from './machinery/audio/store.ts';
import { createDiskAudioStore } from './machinery/audio/disk-store.ts';
import { createS3AudioStore } from './machinery/audio/s3-store.ts';
import { createAuthDeps } from './services/auth/auth-deps.ts';
import { createArticleExtractor } from './machinery/extract/extractor.ts';
import { createRecentPages, type RecentPages } from './machinery/fetch/recent-pages.ts';
import { createPodcastEvents, type PodcastEvents } from './services/podcasts/events.ts';
import { createHeldRequests } from './services/podcasts/held-requests.ts';
import { createUploadSlots } from './machinery/upload/upload-slots.ts';
import { createPodcastWatchers, type PodcastWatchers } from './services/podcasts/watchers.ts';
import { createFallbackScriptWriter } from './machinery/script/fallback-writer.ts';
import { NO_SCRIPT_WRITER_REASON } from '../shared/podcast/status-labels.ts';
import type { ScriptWriter } from './machinery/script/types.ts';
import type { SpeechEngine } from './machinery/speech/engine.ts';
import { createEncoderPool } from './machinery/audio/episode-encoder.ts';
import { createEspeakEngine } from './machinery/speech/espeak-engine.ts';
import { createNaturalEngine } from './machinery/speech/natural-engine.ts';
import { createVoiceStore, type VoiceStore } from './machinery/voices/voice-store.ts';
import type { CheckFeedDeps } from './use-cases/follow-items.ts';
import { jobHandler } from './use-cases/run-job.ts';
import { createFeedCheckSchedule, tickMsFor } from './jobs/feed-checks.ts';
import type { Answers } from './use-cases/ask-question.ts';

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
export async function createScriptWriter(config: Config, logger: Logger): Promise<ScriptWriter> {
  if (!config.openai.apiKey && !config.openai.baseUrl) return createFallbackScriptWriter(NO_SCRIPT_WRITER_REASON);
  return (await import('./machinery/script/openai-writer.ts')).createScriptWriter({ ...config.openai, logger });
}

/** What answers questions: the AI OPENAI_* configures, else the article's passages; one encoder of their own. */
export async function createAnswers(config: Pick<Config, 'openai'>): Promise<Answers> {
  const writer =
    config.openai.apiKey || config.openai.baseUrl ? (await import('./machinery/answer/answer-writer.ts')).createAnswerWriter(config.openai) : null;
  return { writer, encoders: createEncoderPool({ size: 1 }) };
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

/** The articles of pages read in the last few minutes, weighed by the text they hold. */
export function createRecentArticles(): RecentPages<PreparedArticle> {
  return createRecentPages((article) => article.text.length + article.scriptText.length + (article.lines?.length ?? 0));
}

/** The progress streams of this process, capped per owner and per podcast as configured. */
export function createWatchers(deps: { config: Pick<Config, 'limits'>; db: Database; logger: Logger; events: PodcastEvents }): PodcastWatchers {
  const { eventStreamsPerOwner: perOwner, eventStreamsPerPodcast: perPodcast, eventStreamsRereadMs: rereadMs } = deps.config.limits;
  return createPodcastWatchers({ db: deps.db, events: deps.events, logger: deps.logger.child({ component: 'event-streams' }), caps: { perOwner, perPodcast }, rereadMs });
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
    handler: jobHandler({ conversion, feedChecks }),
  });
  const schedule = createFeedCheckSchedule({ db: deps.db, logger: deps.logger, clock: deps.clock, tickMs: tickMsFor(deps.config.followIntervalMs), intervalMs: deps.config.followIntervalMs, queued: () => runner.nudge() });
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
    answers: await createAnswers(config),
  };
  const withPipeline = { ...parts, watchers: createWatchers(parts), pipeline: createServerPipeline(parts) };
  built.jobs = createJobs(withPipeline);
  return { ...withPipeline, jobs: built.jobs };
}
