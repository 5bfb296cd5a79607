/**
 * Schemas of the Premium features (voices, bookmarks, sharing, the private feed) and of saving the
 * playback position, which every member has.
 */
import { z } from 'zod';
import { hasNoNul, nulMessage, cleanFreeText } from './nul.ts';
import { podcastSourceSchema } from './podcasts.ts';

export const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  premium: z.boolean(),
  /** The voice's measured speaking rate, which turns minutes into words. */
  wordsPerMinute: z.number().positive().default(160),
});
export type VoiceOption = z.infer<typeof voiceSchema>;
/** A natural voice downloading now: bytes received, and the archive's size when known. */
export const voiceDownloadSchema = z.object({ id: z.string(), name: z.string(), received: z.number().min(0), total: z.number().nullable() });
export type VoiceDownload = z.infer<typeof voiceDownloadSchema>;
/**
 * A natural voice's state on this server: installed; downloading (bytes so far, of the total);
 * failed (why, and when the next try may start: on the next podcast after that time); off (not here,
 * and the server downloads nothing); unavailable (this system cannot run natural voices: why);
 * not-installed (it downloads with the first podcast in its language).
 */
const naturalBase = { id: z.string(), name: z.string(), language: z.string() };
export const naturalVoiceStateSchema = z.discriminatedUnion('state', [
  z.object({ ...naturalBase, state: z.enum(['installed', 'off', 'not-installed']) }),
  z.object({ ...naturalBase, state: z.literal('downloading'), received: z.number().min(0), total: z.number().nullable() }),
  z.object({ ...naturalBase, state: z.literal('failed'), reason: z.string(), nextTry: z.string() }),
  z.object({ ...naturalBase, state: z.literal('unavailable'), reason: z.string() }),
]);
export type NaturalVoiceState = z.infer<typeof naturalVoiceStateSchema>;
export const voicesResponseSchema = z.object({
  voices: z.array(voiceSchema),
  defaultVoice: z.string(),
  /** Natural voices being downloaded; each joins `voices` once installed. */
  downloads: z.array(voiceDownloadSchema).default([]),
  /** Whether this server speaks in a natural voice now (one installed, or a speech API's), not only espeak. */
  naturalVoice: z.boolean().default(true),
  /** Each natural voice's state here; empty when the speech comes from an API. */
  natural: z.array(naturalVoiceStateSchema).default([]),
});
export const setVoiceSchema = z.object({
  voice: z.string().refine(hasNoNul, nulMessage('A voice')).trim().min(1, 'Choose a voice').max(100),
});
/** `PUT /api/voices/default`: the default voice as the server stored it. */
export const defaultVoiceResponseSchema = z.object({ defaultVoice: z.string() });

export const MAX_BOOKMARK_NOTE_CHARS = 500;
export const bookmarkSchema = z.object({
  id: z.string(),
  positionSeconds: z.number().min(0),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;
export const createBookmarkSchema = z.object({
  positionSeconds: z.number({ error: 'A bookmark needs a position' }).finite().min(0).max(24 * 60 * 60),
  note: z
    .string()
    .overwrite(cleanFreeText)
    .trim()
    .max(MAX_BOOKMARK_NOTE_CHARS, `A note can be at most ${MAX_BOOKMARK_NOTE_CHARS} characters`)
    .optional()
    .transform((n) => n || null),
});
export const bookmarksResponseSchema = z.object({ bookmarks: z.array(bookmarkSchema) });

export const shareResponseSchema = z.object({ url: z.string() });
/** What a shared link shows: the podcast, nothing of its owner; its script is `GET /api/shared/:token/script`. */
export const sharedPodcastSchema = z.object({
  title: z.string(),
  image: z.string(),
  /** The finished MP3; null while the episode is still being made. */
  audioUrl: z.string().nullable(),
  /** The episode as it is made (HLS, see podcastSchema.streamUrl); null before its first segment. */
  streamUrl: z.string().nullable().default(null),
  /** True once the episode is complete (audioUrl set); the page asks again until then. */
  complete: z.boolean().default(true),
  audioSeconds: z.number().nullable().default(null),
  estimatedSeconds: z.number().nullable().default(null),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
  /** An episode of several sources: each one's address, title and author. */
  sources: z.array(podcastSourceSchema).nullable().default(null),
  /** How the finished episode was made, in the owner's card's words (howMadeLabel); null until it is. */
  howMade: z.string().nullable().default(null),
});
export type SharedPodcast = z.infer<typeof sharedPodcastSchema>;

export const feedResponseSchema = z.object({ url: z.string() });

export const positionSchema = z.object({
  positionSeconds: z.number({ error: 'A position is needed' }).finite().min(0).max(24 * 60 * 60),
});
