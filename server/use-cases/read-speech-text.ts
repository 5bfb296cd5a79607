/**
 * `POST /api/speech-text`: what the voice is given for a text, from the pipeline's own code, with the
 * caller's pronunciations (none for a visitor). Pure work on at most 5,000 characters, yet counted
 * per member or address an hour like the app's other reads of text, so nobody can keep a core busy.
 */
import type { SpeechTextRequest } from '../../shared/api/pronunciations.ts';
import { normaliseLanguage } from '../../shared/text/language.ts';
import { compilePronunciations, type Pronunciations } from '../../shared/text/pronunciations.ts';
import type { Database } from '../db/client.ts';
import { rateLimited } from '../errors.ts';
import { findPronunciations } from '../repositories/pronunciation-repository.ts';
import { take } from '../repositories/rate-limit-repository.ts';
import { speechTextLines } from '../machinery/speech/speech-text.ts';
import type { Caller } from './identify-caller.ts';

/** Speech texts a member or an address may ask for in an hour. */
export const SPEECH_TEXTS_PER_HOUR = 600;
const HOUR_MS = 60 * 60 * 1000;

export interface SpeechTextDeps {
  db: Database;
  clock: () => Date;
}

/** Counts one request against the hour's allowance of `kind`, or throws RATE_LIMITED (429). */
export async function takeSpeechTurn(deps: SpeechTextDeps, kind: string, who: string, limit: number, message: string): Promise<void> {
  const result = await take(deps.db, `${kind}:${who}`, { limit, windowMs: HOUR_MS, now: deps.clock() });
  if (!result.allowed) throw rateLimited(message, result.retryAfterSeconds);
}

/** The caller's list, compiled; none for a visitor or a member without one. */
export async function callerPronunciations(deps: { db: Database }, caller: Caller | null): Promise<Pronunciations | undefined> {
  if (!caller) return undefined;
  const entries = await findPronunciations(deps.db, caller.userId);
  return entries.length ? compilePronunciations(entries) : undefined;
}

export async function readSpeechText(
  deps: SpeechTextDeps,
  request: SpeechTextRequest & { caller: Caller | null; clientAddress: string | null },
): Promise<{ text: string }> {
  const who = request.caller ? `user:${request.caller.userId}` : `address:${request.clientAddress ?? 'unknown'}`;
  await takeSpeechTurn(deps, 'speech-texts', who, SPEECH_TEXTS_PER_HOUR, 'Too many speech texts asked for in the last hour.');
  const language = normaliseLanguage(request.lang) ?? 'en';
  const lines = await speechTextLines(request.text, language, await callerPronunciations(deps, request.caller));
  return { text: lines.join('\n') };
}
