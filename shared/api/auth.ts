import { z } from 'zod';
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PLAYBACK_RATES,
  PODCAST_MINUTES,
  PODCAST_MODES,
} from '../constants.ts';
import { AUTH_MESSAGES } from '../errors.ts';
import { hasNoNul, nulMessage, cleanFreeText } from './nul.ts';
import { focusField, languageField } from './steering.ts';

/** Login and register payloads: email and password; register may carry a name. */
export const credentialsSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.fillAllFields })
    .refine(hasNoNul, nulMessage('An email address'))
    .trim()
    .min(1, AUTH_MESSAGES.fillAllFields)
    .max(MAX_EMAIL_LENGTH, 'Email address is too long')
    .pipe(z.email('Please enter a valid email address')),
  password: z
    .string({ error: AUTH_MESSAGES.fillAllFields })
    .min(1, AUTH_MESSAGES.fillAllFields)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .refine(hasNoNul, nulMessage('A password')),
  name: z.string().overwrite(cleanFreeText).trim().max(MAX_NAME_LENGTH).optional(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Registration adds the minimum password length. */
export const registerSchema = credentialsSchema.extend({
  password: credentialsSchema.shape.password.min(
    MIN_PASSWORD_LENGTH,
    `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  ),
});

/** A member as the API answers it: name, email, Premium, plus the subscription and default voice. */
export const userSchema = z.object({
  name: z.string().nullable().optional(),
  email: z.string(),
  isPremium: z.boolean(),
  subscription: z
    .object({
      status: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable()
    .optional(),
  defaultVoice: z.string().nullable().optional(),
  /** The member's preferences: mode and length offered at Create, and the player's speed. */
  defaultMode: z.enum(PODCAST_MODES).nullable().optional(),
  defaultMinutes: z.number().nullable().optional(),
  playbackRate: z.number().nullable().optional(),
  /** The focus and language Create offers first (the modes an AI writes). */
  defaultFocus: z.string().nullable().optional(),
  defaultLanguage: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

const PLAYBACK_RATE_MESSAGE = `The speed must be one of: ${PLAYBACK_RATES.join(', ')}.`;

/**
 * `PATCH /api/auth/me/preferences`: any subset; null clears one back to the product's default.
 * Minutes are the default length of podcast and conversation modes.
 */
export const updatePreferencesSchema = z.object({
  defaultMode: z.enum(PODCAST_MODES, { error: `The mode must be one of: ${PODCAST_MODES.join(', ')}.` }).nullable().optional(),
  defaultMinutes: z
    .number({ error: `The length must be a whole number of minutes from ${PODCAST_MINUTES.min} to ${PODCAST_MINUTES.max}.` })
    .int(`The length must be a whole number of minutes from ${PODCAST_MINUTES.min} to ${PODCAST_MINUTES.max}.`)
    .min(PODCAST_MINUTES.min, `The length must be a whole number of minutes from ${PODCAST_MINUTES.min} to ${PODCAST_MINUTES.max}.`)
    .max(PODCAST_MINUTES.max, `The length must be a whole number of minutes from ${PODCAST_MINUTES.min} to ${PODCAST_MINUTES.max}.`)
    .nullable()
    .optional(),
  playbackRate: z
    .number({ error: PLAYBACK_RATE_MESSAGE })
    .refine((r) => (PLAYBACK_RATES as readonly number[]).includes(r), PLAYBACK_RATE_MESSAGE)
    .nullable()
    .optional(),
  /** Empty clears it, as null does. */
  defaultFocus: focusField.nullable().optional(),
  defaultLanguage: languageField.nullable().optional(),
});
export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;

export const preferencesSchema = z.object({
  defaultMode: z.enum(PODCAST_MODES).nullable(),
  defaultMinutes: z.number().nullable(),
  playbackRate: z.number().nullable(),
  defaultFocus: z.string().nullable().default(null),
  defaultLanguage: z.string().nullable().default(null),
});
export type Preferences = z.infer<typeof preferencesSchema>;
/** The preferences as stored. */
export const preferencesResponseSchema = z.object({ preferences: preferencesSchema });

/** The answer of every auth route: success, and the user, the session token or an error. */
export const authResponseSchema = z.object({
  success: z.boolean(),
  user: userSchema.optional(),
  token: z.string().optional(),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

// Lives apart so a client can show a name without loading the schemas.
export { displayName } from '../display-name.ts';
