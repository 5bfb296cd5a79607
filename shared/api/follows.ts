/**
 * Followed sources: a member follows a site by its address or its feed, and each new item becomes an
 * episode in the mode and length chosen (or, as a digest, one episode a day with a chapter per item).
 */
import { z } from 'zod';
import { CONTENT_MESSAGES } from '../errors.ts';
import { isWebsiteUrl } from '../validation.ts';
import { minutesAllowed, minutesField, modeField, MODE_MESSAGES } from './podcast-modes.ts';

const hourField = z.number({ error: 'digestHour is an hour from 0 to 23' }).int('digestHour is an hour from 0 to 23').min(0, 'digestHour is an hour from 0 to 23').max(23, 'digestHour is an hour from 0 to 23');

/** `POST /api/follows`: the site or feed, how its items are told, and whether as a daily digest (at `digestHour`, UTC). */
export const createFollowSchema = z
  .object({
    url: z.string({ error: CONTENT_MESSAGES.invalidWebsiteUrl }).trim().max(2048, CONTENT_MESSAGES.invalidWebsiteUrl).refine(isWebsiteUrl, CONTENT_MESSAGES.invalidWebsiteUrl),
    mode: modeField.optional(),
    minutes: minutesField.optional(),
    digest: z.boolean({ error: 'digest must be true or false' }).optional(),
    digestHour: hourField.optional(),
  })
  .refine((b) => minutesAllowed(b.mode, b.minutes), { message: MODE_MESSAGES.minutesNotForMode, path: ['minutes'] });
export type CreateFollow = z.infer<typeof createFollowSchema>;

/** `PATCH /api/follows/:id`: pause or resume, the mode and length, the digest and its hour. */
export const updateFollowSchema = z
  .object({
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
    mode: modeField.optional(),
    minutes: minutesField.nullable().optional(),
    digest: z.boolean({ error: 'digest must be true or false' }).optional(),
    digestHour: hourField.optional(),
  })
  .strict()
  .refine((b) => minutesAllowed(b.mode, b.minutes ?? undefined), { message: MODE_MESSAGES.minutesNotForMode, path: ['minutes'] });
export type UpdateFollow = z.infer<typeof updateFollowSchema>;

export const followSchema = z.object({
  id: z.string(),
  /** The address the member gave, and the feed found there. */
  address: z.string(),
  feedUrl: z.string(),
  /** The feed's own title, once read. */
  title: z.string().nullable(),
  /** How its items are told; null: the member's default. */
  mode: modeField.nullable(),
  minutes: z.number().nullable(),
  digest: z.boolean(),
  digestHour: z.number().int(),
  paused: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  lastItemAt: z.string().nullable(),
  /** What went wrong last, in a sentence; null when all is well. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Follow = z.infer<typeof followSchema>;

export const followListSchema = z.object({ follows: z.array(followSchema) });

/**
 * The member's digest across follows (`GET` and `PUT /api/follows/digest`): one episode a day, from
 * `digestHour` (UTC), of every unpaused follow's new items, a chapter each, in place of each follow's
 * own episodes or digest; null: off.
 */
export const memberDigestSchema = z.object({ digestHour: hourField.nullable() }).strict();
export type MemberDigest = z.infer<typeof memberDigestSchema>;
