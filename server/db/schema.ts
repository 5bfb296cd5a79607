/**
 * The database schema, shared by PGlite (embedded) and PostgreSQL. Written in SQL both Postgres 15
 * and 18 accept; migrations are generated from it with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PageKind } from '../../shared/extract/page-kind.ts';

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
    /** Preferences: the mode and minutes Create offers first, the player's speed. */
    defaultMode: text('default_mode'),
    defaultMinutes: integer('default_minutes'),
    /** What Create sends unless told otherwise: the listener's focus and the episode's language. */
    defaultFocus: text('default_focus'),
    defaultLanguage: text('default_language'),
    playbackRate: doublePrecision('playback_rate'),
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
    /** The article's language, ISO 639-1 (detected when the page did not say); its script and voice follow it. */
    language: text('language'),
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
    /** The key of the episode being made (and, once ready, of the one made last): its segments. */
    streamKey: text('stream_key'),
    /** Audio stored so far under streamKey, and the estimated whole length while it is made. */
    madeMs: integer('made_ms'),
    estimatedMs: integer('estimated_ms'),
    /** When the listener finished it (or marked it played); null while unplayed. */
    playedAt: timestamp('played_at', { withTimezone: true }),
    /** How the episode tells the article (read, podcast, brief, conversation) and the length asked. */
    mode: text('mode').notNull().default('podcast'),
    minutes: integer('minutes'),
    /** The member edited the script by hand. */
    scriptEdited: boolean('script_edited').notNull().default(false),
    /** Stop once the script is written (status drafted) until the member voices it. */
    draft: boolean('draft').notNull().default(false),
    /** The article's structure: a kind per line of articleText, and its byline. */
    articleStructure: jsonb('article_structure').$type<ArticleStructure>(),
    /** The client's key for the request that made it: the same request sent again answers this podcast. */
    requestKey: text('request_key'),
    /** What the listener cares about, told to the model (the modes it writes); null when none was asked. */
    focus: text('focus'),
    /** The article's own language when the episode was asked in another (`language` is the episode's); null otherwise. */
    articleLanguage: text('article_language'),
    /** An episode of several sources: each one's address, title, author, language and lines of articleText; those left out with why. */
    sources: jsonb('sources').$type<EpisodeSources>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('podcasts_user_created_idx').on(t.userId, t.createdAt),
    index('podcasts_anonymous_idx').on(t.anonymousToken),
    uniqueIndex('podcasts_share_token_idx').on(t.shareToken),
    uniqueIndex('podcasts_user_request_idx').on(t.userId, t.requestKey),
    uniqueIndex('podcasts_anonymous_request_idx').on(t.anonymousToken, t.requestKey),
  ],
);

/**
 * Durable jobs. A worker claims a row with `FOR UPDATE SKIP LOCKED` and holds a lease
 * (locked_until); a lease that runs out (a crash, a restart) makes the job claimable again.
 * Claims go first to the owner with the fewest jobs running (repositories/job-repository.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    /** The podcast a conversion job converts; null for a feed check. */
    podcastId: text('podcast_id').references(() => podcasts.id, { onDelete: 'cascade' }),
    /** The feed a check job reads; null for a conversion. */
    feedId: text('feed_id').references(() => feeds.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /**
     * Whom the job runs for, kept from its podcast as it is queued: the member's id, else
     * `anonymous:<token>`; claims are shared fairly between owners without reading every podcast.
     */
    owner: text('owner'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAfter),
    // At most one live check per feed, whichever process queues it.
    uniqueIndex('jobs_live_feed_idx').on(t.feedId).where(sql`${t.status} in ('queued', 'running') and ${t.feedId} is not null`),
  ],
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

/**
 * Questions a listener asked of their podcast, with the answer, the passages it came from and the
 * answer's audio (an episode object in the audio store, removed with the podcast).
 */
export const questions = pgTable(
  'questions',
  {
    id: text('id').primaryKey(),
    podcastId: text('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** Where in the episode it was asked; null when not said. */
    atMs: integer('at_ms'),
    answer: text('answer').notNull(),
    sources: jsonb('sources').$type<{ paragraph: number; text: string }[]>().notNull(),
    audioKey: text('audio_key'),
    createdAt: createdAt(),
  },
  (t) => [index('questions_podcast_idx').on(t.podcastId, t.createdAt)],
);

/**
 * An episode's audio as it is made: MP3 segments cut at frame boundaries between sentences, in
 * order. Their bytes joined are the finished MP3 (byteOffset places each in it); cues time each
 * sentence spoken; nextSentence is where a restarted job resumes after the segment.
 */
export const audioSegments = pgTable(
  'audio_segments',
  {
    audioKey: text('audio_key').notNull(),
    seq: integer('seq').notNull(),
    podcastId: text('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    byteOffset: bigint('byte_offset', { mode: 'number' }).notNull(),
    bytes: integer('bytes').notNull(),
    startMs: integer('start_ms').notNull(),
    durationMs: integer('duration_ms').notNull(),
    nextSentence: integer('next_sentence').notNull(),
    cues: jsonb('cues').$type<SegmentCue[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.audioKey, t.seq] }), index('audio_segments_podcast_idx').on(t.podcastId)],
);

/** One spoken sentence's place in the audio. */
export interface SegmentCue {
  /** The sentence's index in the script, from 0. */
  index: number;
  startMs: number;
  endMs: number;
  /** The sentence as written in the script (what was spoken). */
  text: string;
  /** The script paragraph it belongs to, from 0. */
  paragraph: number;
  /** Who speaks it (conversation mode). */
  speaker?: string;
  /** Read mode: the paragraph of the extracted article text it was read from, from 0. */
  sourceParagraph?: number;
  /** The title of the chapter that starts at this sentence. */
  chapter?: string;
  /** Shown in the transcript after this sentence, not spoken (read mode's code blocks and long tables). */
  shown?: string;
}

/** One source of an episode of several, as stored. */
export interface EpisodeSourceRecord {
  url: string | null;
  title: string;
  author: string | null;
  /** The site as a listener names it ("the Guardian"), when known. */
  site: string | null;
  language: string;
  /** Where its text sits in the podcast's articleText: its first line and how many lines. */
  firstLine: number;
  lineCount: number;
}

/** The sources of an episode of several: those read, in order, and those left out. */
export interface EpisodeSources {
  read: EpisodeSourceRecord[];
  unreadable: { index: number; source: string; error: string }[];
}

/** The structure of a stored article: one kind letter per line of its text, and the byline. */
export interface ArticleStructure {
  /** One letter a line: p text, h heading, i list item, q quotation, r table row, c caption, x code. */
  lines: string;
  byline: string | null;
  /** The kind of page when it is not an article (shared/extract/page-kind.ts). */
  pageKind?: PageKind;
}

/** A member's listening queue: the podcasts to play next, in `position` order. */
export const queueEntries = pgTable(
  'queue_entries',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    podcastId: text('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.podcastId] }), index('queue_entries_podcast_idx').on(t.podcastId)],
);

/** Stripe events already applied, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/**
 * A feed followed by one member or more (RSS, Atom or JSON Feed). It is fetched at most once per
 * interval however many follow it: a check is a job (one live per feed) queued when `next_check_at` passes.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: text('id').primaryKey(),
    url: text('url').notNull(),
    title: text('title'),
    /** The validators of the last answer, sent back as If-None-Match and If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** The least seconds between checks the feed asks for (its ttl or sy:updatePeriod). */
    minIntervalSeconds: integer('min_interval_seconds'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Checks in a row that failed (the back-off grows with them) and the last one's reason. */
    failures: integer('failures').notNull().default(0),
    error: text('error'),
    /** Requests made to the feed, ever. */
    fetches: integer('fetches').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('feeds_url_idx').on(t.url), index('feeds_next_check_idx').on(t.nextCheckAt)],
);

/** An item a feed listed, kept after the feed drops it (its episodes stay). */
export const feedItems = pgTable(
  'feed_items',
  {
    id: text('id').primaryKey(),
    feedId: text('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    url: text('url'),
    title: text('title'),
    author: text('author'),
    /** The item's text in the feed (its content or summary), when it has one. */
    content: text('content'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('feed_items_guid_idx').on(t.feedId, t.guid), index('feed_items_url_idx').on(t.feedId, t.url)],
);

/** A member's follow of a feed: how its new items are told, and one episode per item or one a day (digest). */
export const follows = pgTable(
  'follows',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedId: text('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    /** The address the member gave (a site or its feed). */
    address: text('address').notNull(),
    mode: text('mode'),
    minutes: integer('minutes'),
    digest: boolean('digest').notNull().default(false),
    /** The hour (UTC, 0–23) a digest is made. */
    digestHour: integer('digest_hour').notNull().default(7),
    /** The day (YYYY-MM-DD, UTC) of the last digest made. */
    lastDigestOn: text('last_digest_on'),
    paused: boolean('paused').notNull().default(false),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastItemAt: timestamp('last_item_at', { withTimezone: true }),
    /** What went wrong last, in a sentence; null when all is well. */
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('follows_user_feed_idx').on(t.userId, t.feedId), index('follows_feed_idx').on(t.feedId)],
);

/** A member's digest across follows: one episode a day, from `hour` (UTC), of every follow's new items. */
export const memberDigests = pgTable('member_digests', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The hour (UTC, 0–23) the day's episode is made from. */
  hour: integer('hour').notNull(),
  /** The day (YYYY-MM-DD, UTC) of the last digest made. */
  lastDigestOn: text('last_digest_on'),
  createdAt: createdAt(),
});

/** A member's own pronunciations: the whole list, in their order, replaced as one (see shared/api/pronunciations.ts). */
export const pronunciationLists = pgTable('pronunciation_lists', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  entries: jsonb('entries').$type<{ written: string; spoken: string; lang?: string }[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What became of each feed item for a follow: waiting, made into an episode, left out or failed. */
export const followItems = pgTable(
  'follow_items',
  {
    followId: text('follow_id')
      .notNull()
      .references(() => follows.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    /** pending, made, skipped (older than the first check's newest three), failed. */
    status: text('status').notNull(),
    podcastId: text('podcast_id').references(() => podcasts.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followId, t.itemId] }), index('follow_items_status_idx').on(t.followId, t.status)],
);

/** Small key-value settings the server keeps for itself. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const schema = {
  users,
  sessions,
  rateLimits,
  podcasts,
  jobs,
  bookmarks,
  questions,
  audioSegments,
  queueEntries,
  stripeEvents,
  settings,
  feeds,
  feedItems,
  follows,
  followItems,
  memberDigests,
};
