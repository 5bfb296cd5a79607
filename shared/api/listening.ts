/**
 * Listening: a podcast marked played, and a member's queue (the podcasts to play next, in order).
 * Anonymous listeners keep their queue in the browser; the server keeps a member's.
 */
import { z } from 'zod';

/** The most podcasts a queue holds. */
export const MAX_QUEUE_LENGTH = 500;

export const QUEUE_MESSAGES = {
  notAList: 'The queue must be a list of podcast ids.',
  tooLong: `A queue can hold at most ${MAX_QUEUE_LENGTH} podcasts.`,
  duplicate: 'A podcast can be in the queue only once.',
  unknown: 'The queue names a podcast that is not yours or does not exist.',
} as const;

/** `GET /api/queue` and `PUT /api/queue`: the member's whole queue, first to play first. */
export const queueSchema = z.object({
  podcastIds: z
    .array(z.string({ error: QUEUE_MESSAGES.notAList }).min(1, QUEUE_MESSAGES.notAList).max(200, QUEUE_MESSAGES.unknown), {
      error: QUEUE_MESSAGES.notAList,
    })
    .max(MAX_QUEUE_LENGTH, QUEUE_MESSAGES.tooLong)
    .refine((ids) => new Set(ids).size === ids.length, QUEUE_MESSAGES.duplicate),
});
export type Queue = z.infer<typeof queueSchema>;
