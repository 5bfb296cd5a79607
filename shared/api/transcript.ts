import { podcastSourceSchema } from './podcasts.ts';
/**
 * The timed transcript of a podcast (`…/transcript.json`): one cue per spoken sentence, with its
 * place in the audio, and the chapters those cues start. It grows while the podcast is made.
 */
import { z } from 'zod';

export const cueSchema = z.object({
  /** The sentence's index in the script, from 0. */
  index: z.number().int().min(0),
  startMs: z.number().min(0),
  endMs: z.number().min(0),
  text: z.string(),
  /** Who speaks it (conversation mode), as shown in the transcript. */
  speaker: z.string().optional(),
  /** Read mode: the 0-based paragraph of the extracted article text it was read from. */
  sourceParagraph: z.number().int().min(0).optional(),
  /** The title of the chapter that starts at this sentence. */
  chapter: z.string().optional(),
  /**
   * Text the transcript shows after this sentence that is not spoken: in read mode, a code block or a
   * long table the sentence announces, as written, lines joined by "\n" (table cells by tabs).
   */
  shown: z.string().optional(),
});
export type Cue = z.infer<typeof cueSchema>;

export const chapterSchema = z.object({
  title: z.string(),
  startMs: z.number().min(0),
  endMs: z.number().min(0),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const transcriptSchema = z.object({
  /** True once no more cues will be added (the episode is complete, or its job gave up). */
  complete: z.boolean(),
  cues: z.array(cueSchema),
  chapters: z.array(chapterSchema),
  /** An episode of several sources: each one's address, title and author, in the order read. */
  sources: z.array(podcastSourceSchema).nullable().optional(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** Podcasting 2.0 JSON chapters (`chapters.json`, `application/json+chapters`). */
export const podcastChaptersSchema = z.object({
  version: z.string(),
  title: z.string().optional(),
  chapters: z.array(z.object({ startTime: z.number().min(0), endTime: z.number().min(0).optional(), title: z.string().optional() })),
});
export type PodcastChapters = z.infer<typeof podcastChaptersSchema>;
