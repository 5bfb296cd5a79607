import { z } from 'zod';
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../constants.ts';
import { AUTH_MESSAGES } from '../errors.ts';
import { hasNoNul, nulMessage, stripNul } from './nul.ts';

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
  name: z.string().overwrite(stripNul).trim().max(MAX_NAME_LENGTH).optional(),
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
});
export type User = z.infer<typeof userSchema>;

/** The answer of every auth route: success, and the user, the session token or an error. */
export const authResponseSchema = z.object({
  success: z.boolean(),
  user: userSchema.optional(),
  token: z.string().optional(),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** The display name: the name, or the e-mail's part before the at-sign. */
export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}
