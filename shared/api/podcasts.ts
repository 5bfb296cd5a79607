import { z } from 'zod';
import { PODCAST_MODES } from '../constants.ts';
import { CONTENT_MESSAGES } from '../errors.ts';
import { isPageAddress, isWebsiteUrl } from '../validation.ts';
import { hasNoNul, nulMessage, cleanFreeText, cleanTitleText } from './nul.ts';
import { MODE_MESSAGES, minutesAllowed, modeFields } from './podcast-modes.ts';
import { filePart, type FileToSend, type WithFiles } from './podcast-files.ts';

/** Upper bound on text the extension may send: far beyond any article, well below abuse. */
export const MAX_ARTICLE_CHARS = 200_000;
export const MAX_TITLE_CHARS = 300;

const websiteUrl = z
  .string({ error: CONTENT_MESSAGES.invalidWebsiteUrl })
  .trim()
  .max(2048, CONTENT_MESSAGES.invalidWebsiteUrl)
  .refine(isWebsiteUrl, CONTENT_MESSAGES.invalidWebsiteUrl);

const voiceName = z.string().max(100).refine(hasNoNul, nulMessage('A voice'));

/**
 * A key the client makes once per podcast it means to make (a UUID): the same request sent again (a
 * double click, a retry after a lost answer) answers the podcast the first made instead of another.
 */
const requestKeyField = {
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'requestKey is 8 to 100 letters, digits, - or _')
    .optional(),
};

/** `{ url }`: the server fetches the page. */
export const createFromUrlSchema = z
  .object({
    url: websiteUrl,
    voice: voiceName.optional(),
    ...modeFields,
    ...requestKeyField,
  })
  .refine((b) => minutesAllowed(b.mode, b.minutes), { message: MODE_MESSAGES.minutesNotForMode, path: ['minutes'] });

const pageAddress = z.string().trim().max(2048).refine(isPageAddress, CONTENT_MESSAGES.invalidWebsiteUrl);

/**
 * `{ title, text, sourceUrl }`: the extension already extracted the page. `sourceUrl` is the page's
 * address: http(s), or file for a local page the reader opened; any other scheme (`javascript:`,
 * `data:`…) is refused. Only an http(s) address is stored and shown as a link (see `webAddress`).
 */
const fromTextFields = {
  title: z.string().overwrite(cleanTitleText).trim().max(MAX_TITLE_CHARS),
  text: z
    .string()
    .overwrite(cleanFreeText)
    .max(MAX_ARTICLE_CHARS, 'The page is too long to convert')
    .refine((t) => t.trim().length > 0, CONTENT_MESSAGES.noReadableContent),
  sourceUrl: pageAddress,
  /**
   * What each line of `text` is, one letter a line (shared/text/line-kinds.ts: a heading, a line of
   * code, a table row…), when the sender read the page's structure; read mode announces code and reads
   * tables by it. Letters that do not match the text's lines are ignored.
   */
  lines: z.string().max(MAX_ARTICLE_CHARS).regex(/^[a-z]*$/, 'lines holds one lower-case letter a line').optional(),
  voice: voiceName.optional(),
  ...modeFields,
};
export const createFromTextSchema = z
  .object({ ...fromTextFields, ...requestKeyField })
  .refine((b) => minutesAllowed(b.mode, b.minutes), { message: MODE_MESSAGES.minutesNotForMode, path: ['minutes'] });
const estimateFromTextSchema = z
  .object({ ...fromTextFields, sourceUrl: pageAddress.optional() })
  .refine((b) => minutesAllowed(b.mode, b.minutes), { message: MODE_MESSAGES.minutesNotForMode, path: ['minutes'] });

/** `{ file: { part } }`: a PDF the member chose, sent as a part of the form; the server reads it as it reads a PDF link. */
export const createFromFileSchema = z
  .object({
    file: filePart,
    /** Where the file was read from, when it has an address (the extension's PDF tab). */
    sourceUrl: pageAddress.optional(),
    voice: voiceName.optional(),
    ...modeFields,
    ...requestKeyField,
  })
  .refine((b) => minutesAllowed(b.mode, b.minutes), { message: MODE_MESSAGES.minutesNotForMode, path: ['minutes'] });

/** How many sources one episode may gather. */
export const SOURCES_PER_EPISODE = { min: 2, max: 10 } as const;
export const SOURCES_MESSAGES = {
  count: `Send from ${SOURCES_PER_EPISODE.min} to ${SOURCES_PER_EPISODE.max} sources.`,
  item: 'Each source is { url }, { file: { part } } or { text, title }.',
} as const;

/** One source of an episode of several: a page address, a PDF, or text already read (its title, and its address when it has one). */
export const episodeSourceSchema = z.union(
  [
    z.object({ url: websiteUrl }).strict(),
    z.object({ file: filePart, sourceUrl: pageAddress.optional() }).strict(),
    z
      .object({
        text: fromTextFields.text,
        title: fromTextFields.title.optional(),
        sourceUrl: pageAddress.optional(),
        lines: fromTextFields.lines,
      })
      .strict(),
  ],
  { error: SOURCES_MESSAGES.item },
);
export type EpisodeSource = z.infer<typeof episodeSourceSchema>;

/** `{ sources: [...] }`: one episode from 2 to 10 sources, a chapter each. */
export const createFromSourcesSchema = z
  .object({
    sources: z
      .array(episodeSourceSchema, { error: SOURCES_MESSAGES.count })
      .min(SOURCES_PER_EPISODE.min, SOURCES_MESSAGES.count)
      .max(SOURCES_PER_EPISODE.max, SOURCES_MESSAGES.count),
    voice: voiceName.optional(),
    ...modeFields,
    ...requestKeyField,
  })
  .refine((b) => minutesAllowed(b.mode, b.minutes), { message: MODE_MESSAGES.minutesNotForMode, path: ['minutes'] });
export type CreateFromSources = z.infer<typeof createFromSourcesSchema>;

export type CreateFromUrl = z.infer<typeof createFromUrlSchema>;
export type CreateFromText = z.infer<typeof createFromTextSchema>;
export type CreateFromFile = z.infer<typeof createFromFileSchema>;
/** One source, as a conversion reads it. */
export type CreateFromOne = CreateFromUrl | CreateFromText | CreateFromFile;
export type CreatePodcast = CreateFromOne | CreateFromSources;

const SEND_A_SOURCE = 'Send { url }, { file }, { title, text, sourceUrl } or { sources: [...] }';
const hasSource = (input: unknown): input is object =>
  !!input && typeof input === 'object' && ('url' in input || 'text' in input || 'file' in input || 'sources' in input);

/**
 * A body of create (or estimate, whose text needs no address) chosen by the presence of `sources`,
 * `url` or `file` rather than as a plain union, so a bad address gets the URL form's own message
 * instead of a generic "invalid input".
 */
function bySource<T>(fromText: z.ZodType) {
  return z.unknown().transform((input, ctx): T => {
    if (!hasSource(input)) {
      ctx.addIssue({ code: 'custom', message: SEND_A_SOURCE });
      return z.NEVER;
    }
    const schema =
      'sources' in input ? createFromSourcesSchema : 'url' in input ? createFromUrlSchema : 'file' in input ? createFromFileSchema : fromText;
    const result = schema.safeParse(input);
    if (result.success) return result.data as T;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/** Any of the bodies of create. */
export const createPodcastSchema = bySource<CreatePodcast>(createFromTextSchema);

/** One source of an episode of several, as the API answers it: its address (null when it has none), title and author. */
export const podcastSourceSchema = z.object({
  url: z.string().nullable(),
  title: z.string(),
  author: z.string().nullable(),
});
export type PodcastSource = z.infer<typeof podcastSourceSchema>;

/** A source left out: its place in the request (from 0), how it was named (its address or file name) and why. */
export const unreadableSourceSchema = z.object({ index: z.number().int(), source: z.string(), error: z.string() });
export type UnreadableSource = z.infer<typeof unreadableSourceSchema>;

/** `drafted`: a script waiting to be edited and voiced (Premium). */
export const PODCAST_STATUSES = ['queued', 'writing', 'speaking', 'ready', 'failed', 'drafted'] as const;
export type PodcastStatus = (typeof PODCAST_STATUSES)[number];

/**
 * A podcast as the API answers it. It never carries the script (which may run to megabytes): read it
 * from `GET /api/podcasts/:id/script`, and the spoken sentences from the transcripts.
 */
export const podcastSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** True once the podcast has a script (written, or drafted to be edited). */
  hasScript: z.boolean().default(false),
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
  /** How the episode tells the article. */
  mode: z.enum(PODCAST_MODES).default('podcast'),
  /** The length asked (podcast and conversation), null for the other modes. */
  minutes: z.number().nullable().default(null),
  /** The article's language, ISO 639-1 (`de`); null when not known. */
  language: z.string().nullable().default(null),
  /** True once a member edited the script by hand. */
  scriptEdited: z.boolean().default(false),
  /** When the member marked it played; null while unplayed. */
  playedAt: z.string().nullable().default(null),
  /** The sources of an episode made from several (a chapter each), in order; null for one source. */
  sources: z.array(podcastSourceSchema).nullable().default(null),
  /** Sources of the request that could not be read and were left out, each named with why. */
  unreadable: z.array(unreadableSourceSchema).default([]),
});
export type Podcast = z.infer<typeof podcastSchema>;

/** `GET /api/podcasts`: the caller's podcasts, newest first. */
export const podcastListSchema = z.object({ podcasts: z.array(podcastSchema) });

export const updatePodcastSchema = z.object({ title: z.string().overwrite(cleanTitleText).trim().min(1).max(MAX_TITLE_CHARS) });

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
  /** As the podcast's: why the script is not wholly the AI's, known once the script is written. */
  fallbackReason: z.string().nullable().optional(),
});
export type PodcastEvent = z.infer<typeof podcastEventSchema>;

/** `POST /api/podcasts/estimate`: the page (as for create, `sourceUrl` optional) and the mode asked. */
export const estimatePodcastSchema = bySource<EstimatePodcast>(estimateFromTextSchema);
export type EstimatePodcast = CreateFromUrl | CreateFromFile | z.infer<typeof estimateFromTextSchema> | CreateFromSources;

/** Create and estimate as a client asks them: each PDF by its bytes (the client sends them as a form). */
export type CreatePodcastRequest = WithFiles<CreatePodcast, FileToSend>;
export type EpisodeSourceToSend = WithFiles<EpisodeSource, FileToSend>;
export type EstimatePodcastRequest = WithFiles<EstimatePodcast, FileToSend>;

/** What an estimate answers: the article's words, the episode's likely length, its language and title, and a PDF's pages. */
export const estimateResponseSchema = z.object({
  words: z.number().int().min(0),
  estimatedSeconds: z.number().min(0),
  language: z.string(),
  title: z.string(),
  /** A PDF's page count; null for a web page. */
  pages: z.number().int().nullable().default(null),
  /** When the page is a list of other pages (a front page, search results): how many it lists; null for an article. */
  listing: z.number().int().nullable().default(null),
  /** An episode of several sources: those that could not be read (left out), by their place in the request. */
  unreadable: z.array(unreadableSourceSchema).default([]),
});
export type PodcastEstimate = z.infer<typeof estimateResponseSchema>;

/**
 * `GET /api/podcasts/:id/script` (the owner) and `GET /api/shared/:token/script` (a share link): the
 * title and the script as it will be (or was) spoken, a paragraph a line, '' before it is written.
 */
export const scriptResponseSchema = z.object({ title: z.string(), script: z.string() });
export type PodcastScript = z.infer<typeof scriptResponseSchema>;

/** `PUT /api/podcasts/:id/script` (Premium): the edited script; empty after trimming is refused. */
export const updateScriptSchema = z.object({
  script: z
    .string({ error: MODE_MESSAGES.emptyScript })
    .overwrite(cleanFreeText)
    .max(MAX_ARTICLE_CHARS, 'The script is too long')
    .refine((s) => s.trim().length > 0, MODE_MESSAGES.emptyScript),
});
