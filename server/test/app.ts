import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import crypto from 'node:crypto';
import { createLogger } from '../lib/logger.ts';
import { createUrlSigner } from '../http/signed-url.ts';
import { createPodcastEvents } from '../services/podcasts/events.ts';
import { createHeldRequests } from '../services/podcasts/held-requests.ts';
import { createUploadSlots } from '../machinery/upload/upload-slots.ts';
import { createServerPipeline } from '../pipeline/server-ports.ts';
import { createAudioStore, createJobs, createRecentArticles, createWatchers } from '../wiring.ts';
import { createPasswordHasher } from '../services/auth/passwords.ts';
import { createFallbackScriptWriter } from '../machinery/script/fallback-writer.ts';
import type { TestDatabase } from './databases.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { createEncoderPool } from '../machinery/audio/episode-encoder.ts';
import { createArticleExtractor } from '../machinery/extract/extractor.ts';
import { createAnswerWriter } from '../machinery/answer/answer-writer.ts';

/** Billing on, with a Stripe nothing listens for (never called where it is used), so free and Premium members both exist. */
export const BILLING_ON = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_ID: 'price_x',
  STRIPE_API_URL: 'http://127.0.0.1:9',
} as const;

/** A config as the server would parse it, with a temporary DATA_DIR, quiet logs and no voice downloads (no test reaches the internet). */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-data-'));
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', VOICE_DOWNLOADS: 'off', ...env });
}

/** The real app over a test database; overrides replace any dependency. */
export function createTestApp(database: TestDatabase, overrides: Partial<AppDeps> = {}) {
  const config = overrides.config ?? testConfig();
  const base = {
    config,
    db: database.db,
    dbKind: database.kind,
    logger: createLogger('silent'),
    stripe: null,
    clock: () => new Date(),
    auth: { jwtSecret: crypto.randomBytes(32), passwords: createPasswordHasher() },
    signer: createUrlSigner(crypto.randomBytes(32)),
    events: createPodcastEvents(),
    scriptWriter: createFallbackScriptWriter(),
    speech: createEspeakEngine(),
    audio: createAudioStore(config),
    encoders: createEncoderPool({ size: 2 }),
    // The product's 20 s deadline is tested on the extractor itself; here it is a safety net for a busy machine.
    extractor: createArticleExtractor({ timeoutMs: 120_000 }),
    recentPages: createRecentArticles(),
    playlistHolds: createHeldRequests({ perClient: config.limits.playlistsPerClient, perPodcast: config.limits.playlistsPerPodcast }),
    uploads: createUploadSlots({ atOnce: config.limits.uploadsAtOnce, perClient: config.limits.uploadsPerClient }),
    // The AI answers when the config names one (the local OpenAI-compatible server), as wiring.ts decides.
    answers: { writer: config.openai.apiKey || config.openai.baseUrl ? createAnswerWriter(config.openai) : null, encoders: createEncoderPool({ size: 1 }) },
    ...overrides,
  };
  // The job runner is built but not started: tests that want conversions call deps.jobs.start().
  const withPipeline = { ...base, watchers: overrides.watchers ?? createWatchers(base), pipeline: overrides.pipeline ?? createServerPipeline(base) };
  const deps: AppDeps = {
    ...withPipeline,
    jobs: overrides.jobs ?? createJobs(withPipeline, { pollMs: 50, backoffBaseMs: 50 }),
  };
  return { app: createApp(deps), deps };
}
