/**
 * Sessions: a row per issued token (its id is the token's jti) and an HS256 JWT whose issuer,
 * audience and expiry are checked. The row is what makes logout final: a revoked row refuses
 * every copy of its token, even one that has not expired.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AUTH_COOKIE } from '../../../shared/constants.ts';
import type { Database } from '../../db/client.ts';
import { findLiveSession, insertSession } from '../../repositories/session-repository.ts';

export const SESSION_ISSUER = 'pagecast';
export const SESSION_AUDIENCE = 'pagecast-api';
/** A session lives as long as its cookie: one day. */
export const SESSION_TTL_SECONDS = AUTH_COOKIE.maxAgeSeconds;

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export async function issueSession(db: Database, secret: Uint8Array, userId: string, now: Date): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + SESSION_TTL_SECONDS) * 1000);
  await insertSession(db, { id: sessionId, userId, createdAt: now, expiresAt });
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(sessionId)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
    .sign(secret);
  return { token, sessionId, expiresAt };
}

/** The session id and user id a token names, when its signature, issuer, audience and expiry hold. */
export async function readSessionToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ sessionId: string; userId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'jti', 'sub'],
    });
    if (!payload.jti || !payload.sub) return null;
    return { sessionId: payload.jti, userId: payload.sub };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

/** The live session a token stands for, with its user; null when invalid, expired or revoked. */
export async function findSession(db: Database, secret: Uint8Array, token: string, now: Date) {
  const claims = await readSessionToken(secret, token, now);
  if (!claims) return null;
  return findLiveSession(db, claims.sessionId, claims.userId, now);
}
