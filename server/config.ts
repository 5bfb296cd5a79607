/**
 * The only module that reads process.env. One zod schema over the environment, parsed at
 * start; a bad key stops the server with the list of every problem.
 */
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './errors.ts';
import { DEFAULT_ANONYMOUS_DAILY_PODCASTS, DEFAULT_FREE_DAILY_PODCASTS } from '../shared/constants.ts';

/** The project's root: the nearest folder above holding package.json, from the sources and from the build alike. */
const PROJECT_ROOT = (() => {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** Where natural voice archives come from unless VOICE_MODELS_URL names a mirror. */
export const DEFAULT_VOICE_MODELS_URL = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));
const optionalUrl = optionalString.pipe(z.url().optional());
const optionalBoolean = optionalString
  .transform((v) => v?.toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional())
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

const hostPortList = optionalString.transform((v, ctx) => {
  const items = (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const item of items) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(item)) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not a host:port pair` });
    }
  }
  return items;
});

/** TRUST_PROXY: unset or 0 (the socket's peer is the client), a number of proxy hops, or the proxies' addresses (comma-separated). */
const trustProxy = optionalString.transform((v, ctx): { hops: number } | { addresses: string[] } => {
  if (!v || /^(?:0|false|no|off)$/i.test(v)) return { hops: 0 };
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  const addresses = v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const address of addresses) {
    if (isIP(address.replace(/^::ffff:/, '')) === 0) ctx.addIssue({ code: 'custom', message: `"${address}" is not a number of hops nor an IP address` });
  }
  return { addresses };
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8787),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: optionalUrl,
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// address')
        .optional(),
    ),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_MODEL: optionalString,
    TTS_PROVIDER: z.enum(['espeak', 'openai']).default('espeak'),
    TTS_BASE_URL: optionalUrl,
    TTS_API_KEY: optionalString,
    TTS_MODEL: z.string().default('tts-1'),
    TTS_VOICE: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    STRIPE_API_URL: optionalUrl,
    FETCH_ALLOW_HOSTS: hostPortList,
    AUDIO_STORE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional()),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalBoolean,
    FREE_DAILY_PODCASTS: z.coerce.number().int().min(0).default(DEFAULT_FREE_DAILY_PODCASTS),
    ANONYMOUS_DAILY_PODCASTS: z.coerce.number().int().min(0).default(DEFAULT_ANONYMOUS_DAILY_PODCASTS),
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    FETCHES_PER_HOUR: z.coerce.number().int().min(1).default(30),
    PREMIUM_FETCHES_PER_HOUR: z.coerce.number().int().min(1).default(120),
    FAILED_FETCHES_PER_HOUR: z.coerce.number().int().min(1).default(10),
    QUESTIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    EVENT_STREAMS_PER_OWNER: z.coerce.number().int().min(1).default(20),
    EVENT_STREAMS_PER_PODCAST: z.coerce.number().int().min(1).default(5),
    // REREAD_MS of server/services/podcasts/watchers.ts.
    EVENT_STREAMS_REREAD_SECONDS: z.coerce.number().min(1).max(24 * 3600).default(15),
    FOLLOW_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(7 * 24 * 3600).default(1800),
    FOLLOWS_FREE: z.coerce.number().int().min(0).default(3),
    FOLLOWS_PREMIUM: z.coerce.number().int().min(0).default(50),
    PLAYLISTS_PER_CLIENT: z.coerce.number().int().min(1).default(20),
    PLAYLISTS_PER_PODCAST: z.coerce.number().int().min(1).default(50),
    UPLOADS_AT_ONCE: z.coerce.number().int().min(1).default(8),
    UPLOADS_PER_CLIENT: z.coerce.number().int().min(1).default(2),
    MAX_EPISODE_MINUTES: z.coerce.number().int().min(1).default(120),
    PREMIUM_MAX_EPISODE_MINUTES: z.coerce.number().int().min(1).default(480),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    STOP_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    WORKER_HEALTH_PORT: optionalString
      .transform((v) => (v === undefined ? undefined : Number(v)))
      .pipe(z.number().int().min(0).max(65535).optional()),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    VOICE_MODELS_URL: optionalString
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional())
      .transform((v) => (v ?? DEFAULT_VOICE_MODELS_URL).replace(/\/+$/, '')),
    VOICE_DOWNLOADS: optionalString
      .transform((v) => v?.toLowerCase() ?? 'on')
      .pipe(z.enum(['on', 'off'], { error: 'must be on or off' })),
    WEB_DIST_DIR: optionalString,
    TRUST_PROXY: trustProxy,
  });

/** Settings that are only wrong together; checked on the raw values so they join the other problems. */
function combinationProblems(source: Record<string, string | undefined>): string[] {
  const set = (k: string) => Boolean(source[k]?.trim());
  const problems: string[] = [];
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'];
  if (stripeKeys.some(set)) {
    for (const k of stripeKeys.filter((k) => !set(k))) problems.push(`${k}: is required when any Stripe key is set`);
  }
  if (source.TTS_PROVIDER === 'openai' && !set('TTS_BASE_URL') && !set('TTS_API_KEY') && !set('OPENAI_API_KEY')) {
    problems.push('TTS_PROVIDER: openai needs TTS_BASE_URL or an API key (TTS_API_KEY or OPENAI_API_KEY)');
  }
  const s3Keys = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];
  if (source.AUDIO_STORE?.trim() === 's3') {
    if (!set('S3_BUCKET')) problems.push('S3_BUCKET: is required when AUDIO_STORE is s3');
    if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
      problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK\'s own credentials');
    }
  } else if (s3Keys.some(set)) {
    problems.push(`AUDIO_STORE: is not s3, so ${s3Keys.filter(set).join(', ')} would be ignored; set AUDIO_STORE=s3 or unset them`);
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /**
   * The host (and port, when not the scheme's own) every request must name when PUBLIC_URL is set:
   * requests for any other host are refused, against DNS rebinding. Undefined without PUBLIC_URL.
   */
  publicHost: string | undefined;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string | undefined };
  tts: {
    provider: 'espeak' | 'openai';
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    voice: string | undefined;
  };
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        priceId: string;
        apiUrl: string | undefined;
      }
    | undefined;
  fetchAllowHosts: string[];
  /** Where podcast audio is kept: DATA_DIR/audio, or an S3-compatible bucket. */
  audio:
    | { store: 'local' }
    | {
        store: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  limits: {
    freeDailyPodcasts: number;
    anonymousDailyPodcasts: number;
    registrationsPerHour: number;
    /** Pages fetched and read for a free member or an anonymous address in an hour. */
    fetchesPerHour: number;
    /** The same for a Premium member. */
    premiumFetchesPerHour: number;
    /** Pages that could not be fetched or read, counted apart for anyone; at the limit no page is fetched. */
    failedFetchesPerHour: number;
    /** Questions one owner (member or browser) may ask of their podcasts in an hour. */
    questionsPerHour: number;
    /** Progress streams open at once in a process for one owner (member or browser), and for one podcast; past either the oldest ends. */
    eventStreamsPerOwner: number;
    eventStreamsPerPodcast: number;
    /** How often a process reads every podcast its streams follow again, whatever the notifications say. */
    eventStreamsRereadMs: number;
    /** Sources a free member and a Premium member may follow. */
    followsFree: number;
    followsPremium: number;
    /** Playlists held open (waiting for a first part) at once in a process per client address, and per podcast: past either the answer is 503 with Retry-After. */
    playlistsPerClient: number;
    playlistsPerPodcast: number;
    /** Files (create and estimate forms) received at once in a process, and per client address: past either the answer is 429 with Retry-After. */
    uploadsAtOnce: number;
    uploadsPerClient: number;
    /** The longest episode in minutes: for anonymous visitors and free members, and for Premium. */
    maxEpisodeMinutes: number;
    premiumMaxEpisodeMinutes: number;
  };
  /** The least time between two fetches of one followed feed, however many follow it. */
  followIntervalMs: number;
  /** Proxies whose X-Forwarded-For is believed: a count of hops in front of the server, or their addresses. */
  trustProxy: { hops: number } | { addresses: string[] };
  jobConcurrency: number;
  /** How long a crashed worker's job stays claimed before another worker may take it over. */
  jobLeaseMs: number;
  /** After SIGTERM, how long requests in flight and running jobs have to finish before connections are closed and jobs left to their lease. */
  stopGraceMs: number;
  /** `pagecast worker` answers a health check on this port when set. */
  workerHealthPort: number | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  /** Natural voices: where their archives are downloaded from, and whether downloading is allowed at all. */
  voices: { modelsUrl: string; downloads: boolean };
}

/** Parses an environment (process.env by default) into the server's settings, or throws every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.error?.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`) ?? []),
    ...combinationProblems(source),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    publicHost: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).host : undefined,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL },
    tts: {
      provider: e.TTS_PROVIDER,
      baseUrl: e.TTS_BASE_URL,
      apiKey: e.TTS_API_KEY ?? e.OPENAI_API_KEY,
      model: e.TTS_MODEL,
      voice: e.TTS_VOICE,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_ID
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            priceId: e.STRIPE_PRICE_ID,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    fetchAllowHosts: e.FETCH_ALLOW_HOSTS,
    audio:
      e.AUDIO_STORE === 's3' && e.S3_BUCKET
        ? {
            store: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? 'us-east-1',
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : { store: 'local' },
    limits: {
      freeDailyPodcasts: e.FREE_DAILY_PODCASTS,
      anonymousDailyPodcasts: e.ANONYMOUS_DAILY_PODCASTS,
      registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
      fetchesPerHour: e.FETCHES_PER_HOUR,
      premiumFetchesPerHour: e.PREMIUM_FETCHES_PER_HOUR,
      failedFetchesPerHour: e.FAILED_FETCHES_PER_HOUR,
      questionsPerHour: e.QUESTIONS_PER_HOUR,
      eventStreamsPerOwner: e.EVENT_STREAMS_PER_OWNER,
      eventStreamsPerPodcast: e.EVENT_STREAMS_PER_PODCAST,
      eventStreamsRereadMs: e.EVENT_STREAMS_REREAD_SECONDS * 1000,
      followsFree: e.FOLLOWS_FREE,
      followsPremium: e.FOLLOWS_PREMIUM,
      playlistsPerClient: e.PLAYLISTS_PER_CLIENT,
      playlistsPerPodcast: e.PLAYLISTS_PER_PODCAST,
      uploadsAtOnce: e.UPLOADS_AT_ONCE,
      uploadsPerClient: e.UPLOADS_PER_CLIENT,
      maxEpisodeMinutes: e.MAX_EPISODE_MINUTES,
      premiumMaxEpisodeMinutes: e.PREMIUM_MAX_EPISODE_MINUTES,
    },
    followIntervalMs: Math.round(e.FOLLOW_INTERVAL_SECONDS * 1000),
    trustProxy: e.TRUST_PROXY,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    stopGraceMs: e.STOP_GRACE_SECONDS * 1000,
    workerHealthPort: e.WORKER_HEALTH_PORT,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(PROJECT_ROOT, 'webapp', 'dist')),
    voices: { modelsUrl: e.VOICE_MODELS_URL, downloads: e.VOICE_DOWNLOADS === 'on' },
  };
}
