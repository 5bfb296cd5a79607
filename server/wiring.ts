/**
 * Builds the real dependencies from the config: one place that knows which implementation backs
 * each service. index.ts and the CLI use it; tests use it too and override what they fake.
 */
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import type { Logger } from './lib/logger.ts';
import { getOrCreateSecret } from './repositories/secret-repository.ts';
import { createUrlSigner } from './http/signed-url.ts';
import { createPodcastEvents } from './services/podcasts/events.ts';
import { createConversionRunner } from './jobs/conversion.ts';
import { createAuthDeps } from './services/auth/auth-deps.ts';
import { createStripeClient } from './services/billing/stripe-client.ts';
import { createScriptWriter } from './services/script/openai-writer.ts';
import path from 'node:path';
import type { SpeechEngine } from './services/speech/engine.ts';
import { createEspeakEngine } from './services/speech/espeak-engine.ts';
import { createOpenAiSpeechEngine } from './services/speech/openai-engine.ts';
import { createAudioStore } from './services/audio/store.ts';
import { createArticleExtractor } from './services/extract/extractor.ts';

/** The voice TTS_PROVIDER names. */
export function createSpeechEngine(config: Config, logger: Logger): SpeechEngine {
  switch (config.tts.provider) {
    case 'espeak':
      return createEspeakEngine();
    case 'openai':
      return createOpenAiSpeechEngine({ ...config.tts, logger });
  }
}

export async function createDeps(config: Config, database: DatabaseHandle, logger: Logger): Promise<AppDeps> {
  const deps = {
    config,
    db: database.db,
    dbKind: database.kind,
    logger,
    stripe: config.stripe ? createStripeClient(config.stripe) : null,
    clock: () => new Date(),
    auth: createAuthDeps(config),
    signer: createUrlSigner(await getOrCreateSecret(database.db, 'signed-urls')),
    events: createPodcastEvents(),
    scriptWriter: createScriptWriter({ ...config.openai, logger }),
    speech: createSpeechEngine(config, logger),
    audio: createAudioStore(path.join(config.dataDir, 'audio')),
    extractor: createArticleExtractor(),
  };
  return { ...deps, jobs: createConversionRunner(deps) };
}
