/**
 * The database schema, shared by PGlite (embedded) and PostgreSQL. Written in SQL both Postgres 15
 * and 18 accept; migrations are generated from it with `npm run db:generate`.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    defaultVoice: text('default_voice'),
    feedToken: text('feed_token'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_stripe_customer_idx').on(t.stripeCustomerId),
    uniqueIndex('users_feed_token_idx').on(t.feedToken),
  ],
);

/** One row per issued session token; logout sets revoked_at so a replayed copy is refused. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Fixed-window counters: failed logins per account and per address, and the like. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

export const podcasts = pgTable(
  'podcasts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The browser token of an anonymous visitor; cleared when the podcast moves into an account. */
    anonymousToken: text('anonymous_token'),
    clientAddress: text('client_address'),
    sourceUrl: text('source_url'),
    sourceTitle: text('source_title'),
    articleText: text('article_text'),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    fallbackReason: text('fallback_reason'),
    voice: text('voice'),
    audioKey: text('audio_key'),
    audioBytes: bigint('audio_bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    positionMs: integer('position_ms'),
    shareToken: text('share_token'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('podcasts_user_created_idx').on(t.userId, t.createdAt),
    index('podcasts_anonymous_idx').on(t.anonymousToken),
    uniqueIndex('podcasts_share_token_idx').on(t.shareToken),
  ],
);

/**
 * Durable jobs. A worker claims a row with `FOR UPDATE SKIP LOCKED` and holds a lease
 * (locked_until); a lease that runs out (a crash, a restart) makes the job claimable again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    podcastId: text('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAfter)],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    id: text('id').primaryKey(),
    podcastId: text('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionMs: integer('position_ms').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('bookmarks_podcast_idx').on(t.podcastId)],
);

/** Stripe events already applied, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Small key-value settings the server keeps for itself. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const schema = { users, sessions, rateLimits, podcasts, jobs, bookmarks, stripeEvents, settings };
