import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createPasswordHasher } from './passwords.ts';

describe('createPasswordHasher', () => {
  it('stores a self-describing argon2id hash with OWASP parameters that verifies only the right password', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await hasher.hash('correct horse')).not.toBe(stored);
    expect(await hasher.verify(stored, 'correct horse')).toBe(true);
    expect(await hasher.verify(stored, 'correct horsE')).toBe(false);
    expect(await hasher.verify(null, 'correct horse')).toBe(false);
  });

  it('queues a burst: every hash of it is made, none refused', async () => {
    const hasher = createPasswordHasher();
    const hashes = await Promise.all(Array.from({ length: 100 }, (_, i) => hasher.hash(`password ${i}`)));
    expect(new Set(hashes).size).toBe(100);
  });

  it('answers "busy" (429, Retry-After) past the end of its queue instead of queueing without bound', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 1 });
    const results = await Promise.allSettled([hasher.hash('a'), hasher.hash('b'), hasher.hash('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const error = (results[2] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: 'The server is busy. Please try again in a moment.' });
    expect(Number((error as AppError).headers['Retry-After'])).toBeGreaterThanOrEqual(1);
  });
});
