/**
 * Creating an account and checking credentials. E-mail addresses are compared in lower case, so
 * 'Ann@Example.com' and 'ann@example.com' are one account.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { findUserByEmail as findByEmail, insertUser, type UserRow } from '../../repositories/user-repository.ts';
import { AppError } from '../../errors.ts';
import type { PasswordHasher } from './passwords.ts';


export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  return findByEmail(db, normaliseEmail(email));
}

export async function createAccount(
  db: Database,
  passwords: PasswordHasher,
  input: { email: string; password: string; name?: string | undefined },
  now: Date,
): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN', { message: EMAIL_TAKEN_MESSAGE });
  const passwordHash = await passwords.hash(input.password);
  // Two registrations of one address racing: the unique index lets one through.
  const row = await insertUser(db, { id: randomUUID(), email, name: input.name?.trim() || null, passwordHash, createdAt: now });
  if (!row) throw new AppError('EMAIL_TAKEN', { message: EMAIL_TAKEN_MESSAGE });
  return row;
}

/** The account when the password is right, else null; an unknown e-mail takes as long as a wrong password. */
export async function checkCredentials(
  db: Database,
  passwords: PasswordHasher,
  email: string,
  password: string,
): Promise<UserRow | null> {
  const row = await findUserByEmail(db, email);
  const ok = await passwords.verify(row?.passwordHash ?? null, password);
  return ok && row ? row : null;
}
