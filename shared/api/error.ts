import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

/** The body of every failed API answer: `{ success: false, error: { code, message } }`. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
