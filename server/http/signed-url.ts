/**
 * Short-lived signed tokens for URLs a plain <audio> element opens without headers:
 * `?t=<expiry>.<signature>` bound to one podcast and one purpose.
 */
import crypto from 'node:crypto';

/** `audio`: a podcast's episode (bound to the podcast); `answer`: a question's answer (bound to the question). */
export type UrlPurpose = 'audio' | 'answer';

export interface UrlSigner {
  sign(podcastId: string, purpose: UrlPurpose, now?: Date): string;
  verify(token: string | undefined, podcastId: string, purpose: UrlPurpose, now?: Date): boolean;
}

/** Tokens live a day: long enough to listen, short enough that a leaked link goes stale. */
export const SIGNED_URL_TTL_SECONDS = 24 * 60 * 60;

export function createUrlSigner(secret: Buffer): UrlSigner {
  const mac = (podcastId: string, purpose: UrlPurpose, expiry: number) =>
    crypto.createHmac('sha256', secret).update(`${purpose}:${podcastId}:${expiry}`).digest('base64url');
  return {
    sign(podcastId, purpose, now = new Date()) {
      const expiry = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
      return `${expiry}.${mac(podcastId, purpose, expiry)}`;
    },
    verify(token, podcastId, purpose, now = new Date()) {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
      if (!match) return false;
      const expiry = Number(match[1]);
      if (expiry < now.getTime() / 1000) return false;
      const expected = Buffer.from(mac(podcastId, purpose, expiry));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}
