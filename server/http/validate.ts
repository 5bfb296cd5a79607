/**
 * `zValidator` with the product's error shape: the first problem's message, as a VALIDATION_ERROR
 * (or the code a schema's message belongs to), never a bare 400 from the library. What a schema
 * passes may still hold no NUL character: a field whose schema neither strips nor refuses it (a new
 * one, say) is refused here rather than failing its query with a 500.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { nulMessage } from '../../shared/api/nul.ts';
import { CONTENT_MESSAGES, type ErrorCode } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import { containsNul } from './nul.ts';

const CODE_FOR_MESSAGE: Record<string, ErrorCode> = {
  [CONTENT_MESSAGES.invalidWebsiteUrl]: 'INVALID_URL',
  [CONTENT_MESSAGES.noReadableContent]: 'NO_READABLE_CONTENT',
};

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request';
      throw new AppError(CODE_FOR_MESSAGE[message] ?? 'VALIDATION_ERROR', { message });
    }
    if (containsNul(result.data)) throw new AppError('VALIDATION_ERROR', { message: nulMessage('The request') });
  });
}
