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

/** Fields as a person names them, for the messages zod writes itself. */
const FIELD_NAMES: Record<string, string> = {
  title: 'The title',
  text: 'The text',
  file: 'The file',
  sourceUrl: "The page's address",
  url: 'The address',
  email: 'The e-mail address',
  password: 'The password',
  name: 'The name',
};

/**
 * A problem in words a person expects: a schema's own message as it is; zod's generic ones ("Too big:
 * expected string to have <=300 characters", "Invalid input") said of the field by its name.
 */
function humanMessage(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid request';
  const path = issue.path.map(String).join('.');
  const field = FIELD_NAMES[path] ?? (path ? `The ${String(issue.path.at(-1)).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}` : 'The request');
  // zod's own wording, whatever issue carries it (a union's branch passes it on as a custom issue).
  const big = /^Too big: expected (\w+) to have <=?(\d+) (\w+)/.exec(issue.message);
  if (big) return big[1] === 'string' ? `${field} is too long: at most ${big[2]} characters.` : `${field} is too large: at most ${big[2]} ${big[3]}.`;
  const small = /^Too small: expected (\w+) to have >=?(\d+) (\w+)/.exec(issue.message);
  if (small) return Number(small[2]) <= 1 ? `${field} is missing.` : `${field} is too short: at least ${small[2]} ${small[3]}.`;
  if (/^Invalid input/.test(issue.message)) return path ? `${field} is missing or not valid.` : 'The request is not valid.';
  return issue.message;
}

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw refusal(result.error.issues[0]);
    if (containsNul(result.data)) throw new AppError('VALIDATION_ERROR', { message: nulMessage('The request') });
  });
}

/** What validate() does, for a body read another way (a form's JSON part): the schema's output, or its refusal thrown. */
export function checked<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw refusal(result.error.issues[0]);
  if (containsNul(result.data)) throw new AppError('VALIDATION_ERROR', { message: nulMessage('The request') });
  return result.data;
}

function refusal(issue: z.core.$ZodIssue | undefined): AppError {
  const message = humanMessage(issue);
  return new AppError(CODE_FOR_MESSAGE[message] ?? 'VALIDATION_ERROR', { message });
}
