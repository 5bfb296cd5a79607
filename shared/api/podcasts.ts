import { z } from 'zod';
import { CONTENT_MESSAGES } from '../errors.ts';
import { isPageAddress, isWebsiteUrl } from '../validation.ts';
import { hasNoNul, nulMessage, stripNul } from './nul.ts';

/** Upper bound on text the extension may send: far beyond any article, well below abuse. */
export const MAX_ARTICLE_CHARS = 200_000;
export const MAX_TITLE_CHARS = 300;

const websiteUrl = z
  .string({ error: CONTENT_MESSAGES.invalidWebsiteUrl })
  .trim()
  .max(2048, CONTENT_MESSAGES.invalidWebsiteUrl)
  .refine(isWebsiteUrl, CONTENT_MESSAGES.invalidWebsiteUrl);

const voiceName = z.string().max(100).refine(hasNoNul, nulMessage('A voice'));

/** `{ url }`: the server fetches the page. */
export const createFromUrlSchema = z.object({
  url: websiteUrl,
  voice: voiceName.optional(),
});

/**
 * `{ title, text, sourceUrl }`: the extension already extracted the page. `sourceUrl` is the page's
 * address: http(s), or file for a local page the reader opened; any other scheme (`javascript:`,
 * `data:`…) is refused. Only an http(s) address is stored and shown as a link (see `webAddress`).
 */
export const createFromTextSchema = z.object({
  title: z.string().overwrite(stripNul).trim().max(MAX_TITLE_CHARS),
  text: z
    .string()
    .overwrite(stripNul)
    .max(MAX_ARTICLE_CHARS, 'The page is too long to convert')
    .refine((t) => t.trim().length > 0, CONTENT_MESSAGES.noReadableContent),
  sourceUrl: z
    .string()
    .trim()
    .max(2048)
    .refine(isPageAddress, CONTENT_MESSAGES.invalidWebsiteUrl),
  voice: voiceName.optional(),
});

export type CreateFromUrl = z.infer<typeof createFromUrlSchema>;
export type CreateFromText = z.infer<typeof createFromTextSchema>;
export type CreatePodcast = CreateFromUrl | CreateFromText;

/**
 * Either body. Chosen by the presence of `url` rather than as a plain union, so a bad address gets
 * the URL form's own message instead of a generic "invalid input".
 */
export const createPodcastSchema = z.unknown().transform((input, ctx): CreatePodcast => {
  if (!input || typeof input !== 'object' || !('url' in input || 'text' in input)) {
    ctx.addIssue({ code: 'custom', message: 'Send { url } or { title, text, sourceUrl }' });
    return z.NEVER;
  }
  const schema = input && typeof input === 'object' && 'url' in input ? createFromUrlSchema : createFromTextSchema;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

export const PODCAST_STATUSES = ['queued', 'writing', 'speaking', 'ready', 'failed'] as const;
export type PodcastStatus = (typeof PODCAST_STATUSES)[number];

/** A podcast as the API answers it. `content` is the script. */
export const podcastSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  image: z.string(),
  progress: z.number().min(0).max(100),
  status: z.enum(PODCAST_STATUSES),
  /**
   * Where the audio plays, relative to the server, with a signed token of its own so a plain <audio>
   * element (web app, extension, offscreen document) plays it without headers. Null until ready.
   */
  audioUrl: z.string().nullable(),
  /**
   * The episode as it is made: an HLS playlist (type EVENT, `#EXT-X-ENDLIST` once complete) of MP3
   * segments, signed like audioUrl. Set from the first stored segment on, also once ready and for a
   * failed podcast whose made part stays playable (unfinished); null while nothing is spoken yet.
   */
  streamUrl: z.string().nullable().default(null),
  /** Seconds of audio made so far (equals durationSeconds once ready). */
  audioSeconds: z.number().nullable().default(null),
  /** The estimated length of the whole episode while it is made; the exact duration once ready. */
  estimatedSeconds: z.number().nullable().default(null),
  /** The page it was made from: an http(s) address, or null (none, or not a web page). */
  sourceUrl: z.string().nullable(),
  /** The public page of a shared podcast (Premium), null while it is not shared. */
  shareUrl: z.string().nullable(),
  error: z.string().nullable(),
  fallbackReason: z.string().nullable(),
  voice: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  positionSeconds: z.number().nullable(),
  createdAt: z.string(),
});
export type Podcast = z.infer<typeof podcastSchema>;

/** `GET /api/podcasts`: the caller's podcasts, newest first. */
export const podcastListSchema = z.object({ podcasts: z.array(podcastSchema) });

export const updatePodcastSchema = z.object({ title: z.string().overwrite(stripNul).trim().min(1).max(MAX_TITLE_CHARS) });

/** What `GET /api/podcasts/:id/events` sends, one JSON object per server-sent event. */
export const podcastEventSchema = z.object({
  id: z.string(),
  status: z.enum(PODCAST_STATUSES),
  progress: z.number(),
  title: z.string(),
  audioUrl: z.string().nullable(),
  streamUrl: z.string().nullable().default(null),
  audioSeconds: z.number().nullable().default(null),
  estimatedSeconds: z.number().nullable().default(null),
  durationSeconds: z.number().nullable().default(null),
  error: z.string().nullable(),
});
export type PodcastEvent = z.infer<typeof podcastEventSchema>;
