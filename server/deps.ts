import type Stripe from 'stripe';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './lib/logger.ts';
import type { Caller } from './lib/caller.ts';
import type { AuthDeps } from './services/auth/auth-deps.ts';
import type { UrlSigner } from './lib/signed-url.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { PodcastEvents } from './services/podcasts/events.ts';

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
  /** Runs conversion jobs; index.ts starts and stops it. */
  jobs: JobRunner;
}

/** Hono's environment for every route: request id and the caller, set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The signed-in member, or null; set by loadCaller on /api/*. */
    caller: Caller | null;
  };
}
