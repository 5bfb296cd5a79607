import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../api/error.ts';
import { ApiError, errorFromAnswer, isApiError, isTransient } from './api-error.ts';

describe('errorFromAnswer', () => {
  it.each([
    ['our error body', 403, { success: false, error: { code: 'PREMIUM_REQUIRED', message: 'Upgrade' } }, 'PREMIUM_REQUIRED', 'Upgrade'],
    ['our error body with a request id', 404, { success: false, error: { code: 'NOT_FOUND', message: 'Podcast not found', requestId: 'r1' } }, 'NOT_FOUND', 'Podcast not found'],
    ['a 5xx page that is not ours', 502, undefined, 'INVALID_RESPONSE', 'Server error occurred. Please try again later.'],
    ['a 4xx page that is not ours', 404, '<html>', 'INVALID_RESPONSE', 'Request failed (404)'],
    ['a code outside the catalogue', 401, { success: false, error: { code: 'MADE_UP', message: 'x' } }, 'INVALID_RESPONSE', 'Request failed (401)'],
  ])('%s', (_, status, body, code, message) => {
    const error = errorFromAnswer(status, body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', code, message, status });
  });

  it.each([
    ['no success field', { error: { code: 'NOT_FOUND', message: 'x' } }],
    ['success true', { success: true, error: { code: 'NOT_FOUND', message: 'x' } }],
    ['a message that is not text', { success: false, error: { code: 'NOT_FOUND', message: 1 } }],
    ['a request id that is not text', { success: false, error: { code: 'NOT_FOUND', message: 'x', requestId: 2 } }],
    ['an error that is a list', { success: false, error: ['NOT_FOUND', 'x'] }],
    ['a valid body', { success: false, error: { code: 'NOT_FOUND', message: 'x', requestId: 'r' } }],
  ])('reads a body exactly as errorBodySchema does: %s', (_, body) => {
    const schemaAccepts = errorBodySchema.safeParse(body).success;
    expect(errorFromAnswer(400, body).code !== 'INVALID_RESPONSE').toBe(schemaAccepts);
  });
});

describe('isApiError', () => {
  it('knows an ApiError, also one that lost its prototype on the way between realms', () => {
    const error = new ApiError('NOT_FOUND', 'Podcast not found', 404);
    expect(isApiError(error)).toBe(true);
    expect(isApiError({ name: 'ApiError', code: 'NOT_FOUND', message: 'Podcast not found', status: 404 })).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('isTransient', () => {
  it.each([
    [0, true],
    [500, true],
    [503, true],
    [429, true],
    [401, false],
    [403, false],
    [404, false],
    [409, false],
  ])('status %i: %s', (status, transient) => {
    expect(isTransient(new ApiError('INTERNAL_ERROR', 'x', status))).toBe(transient);
  });
});
