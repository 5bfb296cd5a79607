/**
 * The business constants of the product. Every client and the server read them from here.
 */

/** The one paid plan. */
export const PREMIUM_PLAN = {
  name: 'Premium Plan',
  amountCents: 700,
  currency: 'usd',
  interval: 'month',
  mode: 'subscription',
  priceLabel: '$7/month',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
/** Checked before any hashing so a huge password cannot be used to burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

/**
 * The auth cookie. It lives one day; its max age is in seconds, as cookies count it (24*60*60*1000
 * would be milliseconds, a thousand days).
 */
export const AUTH_COOKIE = {
  name: 'auth-token',
  path: '/',
  secure: true,
  sameSite: 'Lax',
  maxAgeSeconds: 24 * 60 * 60,
} as const;

/** Keys of the clients' local storage. */
export const STORAGE_KEYS = {
  authToken: 'auth-token',
  authStorage: 'auth-storage',
  podcastStorage: 'podcast-storage',
} as const;

/** The script writer's model and its settings, for the script and for the title. */
/** The longest focus a listener may give an episode (what it should weigh). */
export const MAX_FOCUS_CHARS = 300;

export const AI_SETTINGS = {
  model: 'gpt-3.5-turbo',
  script: { temperature: 0.7, maxTokens: 1500 },
  title: { temperature: 0.7, maxTokens: 50, inputChars: 1000 },
} as const;

export const TOAST_DURATION_MS = 4000;
export const TOAST_POSITION = 'top-center';
export const UPGRADE_REDIRECT_MS = 5000;

export const VOLUME = { min: 0, max: 1, step: 0.1 } as const;

export const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'US';

/** One stock image is used for every podcast; the server serves it with the web app. */
export const PODCAST_IMAGE_PATH = '/podcast-cover.svg';

/** Conversions a free member may make a day (configurable on the server). */
export const DEFAULT_FREE_DAILY_PODCASTS = 5;
/** Conversions an anonymous visitor may make a day from one address. */
export const DEFAULT_ANONYMOUS_DAILY_PODCASTS = 3;

/** How a podcast tells the article: read it whole, retell it, brief it, or two hosts talk it through. */
export const PODCAST_MODES = ['read', 'podcast', 'brief', 'conversation'] as const;
export type PodcastMode = (typeof PODCAST_MODES)[number];
/** The length asked of podcast and conversation modes, in whole minutes. */
export const PODCAST_MINUTES = { min: 3, max: 60, default: 10 } as const;
/** PDFs (a link or a file): the largest read, and the pages read of a longer one. */
export const PDF_LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 300 } as const;
/** A create or estimate request sent as JSON (addresses and text; a PDF comes as a file): its largest body. */
export const PODCAST_JSON_MAX_BYTES = 4 * 1024 * 1024;

/** Brief mode's length in minutes. */
export const BRIEF_MINUTES = 2;
/** The player's speeds a member may keep as their preference. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

/** The fallback script uses at most this many paragraphs of the article. */
export const FALLBACK_SCRIPT_PARAGRAPHS = 5;
/** The fallback title is the first this many words of the first line. */
export const FALLBACK_TITLE_WORDS = 8;

/** Header the web app and the extension send to tie anonymous podcasts to one browser. */
export const ANONYMOUS_TOKEN_HEADER = 'X-Pagecast-Anonymous';
