/**
 * Builds the real dependencies from the config: one place that knows which implementation backs
 * each service. index.ts and the CLI use it; tests use it too and override what they fake.
 */
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import type { Logger } from './lib/logger.ts';
import { getOrCreateSecret } from './lib/secrets.ts';
import { createUrlSigner } from './lib/signed-url.ts';
import { createPodcastEvents } from './services/podcasts/events.ts';
import { createConversionRunner } from './jobs/conversion.ts';
import { createAuthDeps } from './services/auth/auth-deps.ts';
import { createStripeClient } from './services/billing/stripe-client.ts';

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
  };
  return { ...deps, jobs: createConversionRunner(deps) };
}
