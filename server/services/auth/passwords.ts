/**
 * Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), stored as the
 * self-describing PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), at most a few hashes at
 * a time while the rest wait their turn. Checking a password for an unknown e-mail costs the same as
 * for a known one: it is verified against a dummy hash.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { createSemaphore, runOrBusy } from './semaphore.ts';

/** Algorithm.Argon2id; the package declares it as an ambient const enum, which isolatedModules forbids. */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when `password` matches `stored`; with `stored` null, spends the same time and answers false. */
  verify(stored: string | null, password: string): Promise<boolean>;
}

export interface PasswordHasherOptions {
  /** Hashes computed at once (default 2: the cores of a small machine). */
  concurrency?: number;
  /**
   * Hashes that may wait for a slot (default 1,024: a waiting hash holds no memory of its own); past
   * that the server answers 429 with Retry-After.
   */
  maxWaiting?: number;
  options?: Options;
}

/** About what one hash costs with OWASP's parameters, for telling a client how long the queue is. */
const HASH_MS = 60;

export function createPasswordHasher({ concurrency = 2, maxWaiting = 1024, options = ARGON2_OPTIONS }: PasswordHasherOptions = {}): PasswordHasher {
  const semaphore = createSemaphore(concurrency, maxWaiting);
  // Made now rather than on the first unknown e-mail, which would otherwise pay for two hashes.
  const dummy = hash(randomBytes(16).toString('hex'), options);
  dummy.catch(() => {}); // awaited (and its failure thrown) by the first verify of an unknown e-mail

  const limited = <T>(task: () => Promise<T>): Promise<T> => runOrBusy(semaphore, task, HASH_MS);

  return {
    hash: (password) => limited(() => hash(password, options)),
    async verify(stored, password) {
      if (stored === null) {
        const dummyHash = await dummy;
        await limited(() => verify(dummyHash, password));
        return false;
      }
      return limited(() =>
        verify(stored, password).catch((err: unknown) => {
          throw new Error('a stored password hash could not be verified', { cause: err });
        }),
      );
    },
  };
}
