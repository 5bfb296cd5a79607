/** What the auth routes and the caller middleware need: the session key and the password hasher. */
import type { Config } from '../../config.ts';
import { loadJwtSecret } from './jwt-secret.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';

export interface AuthDeps {
  /** Signs and checks session tokens (HS256). */
  jwtSecret: Uint8Array;
  passwords: PasswordHasher;
}

export function createAuthDeps(config: Pick<Config, 'jwtSecret' | 'dataDir'>): AuthDeps {
  return { jwtSecret: loadJwtSecret(config), passwords: createPasswordHasher() };
}
