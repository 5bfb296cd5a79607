/**
 * How a new podcast tells its article: the mode asked, else the member's default, else podcast when
 * an AI is configured and read when not; and the length, for the modes that take one.
 */
import { MODE_MESSAGES } from '../../shared/api/podcast-modes.ts';
import { PODCAST_MINUTES, type PodcastMode } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findUser } from '../repositories/user-repository.ts';
import type { Caller } from './identify-caller.ts';

export interface ModeChoice {
  mode: PodcastMode;
  /** The asked length (podcast and conversation), else null. */
  minutes: number | null;
}

export function aiConfigured(config: Pick<Config, 'openai'>): boolean {
  return !!(config.openai.apiKey || config.openai.baseUrl);
}

/** The mode when neither the request nor the member names one: podcast with an AI, else read. */
export function serverDefaultMode(config: Pick<Config, 'openai'>): PodcastMode {
  return aiConfigured(config) ? 'podcast' : 'read';
}

export async function chooseMode(
  deps: { db: Database; config: Pick<Config, 'openai'> },
  asked: { mode?: PodcastMode | undefined; minutes?: number | undefined },
  caller: Caller | null,
): Promise<ModeChoice> {
  const member = caller ? await findUser(deps.db, caller.userId) : null;
  return resolveMode(asked, {
    mode: (member?.defaultMode as PodcastMode | null | undefined) ?? serverDefaultMode(deps.config),
    minutes: member?.defaultMinutes ?? PODCAST_MINUTES.default,
  });
}

/** The mode asked, else the default; minutes only for the modes that take a length (else a 400). */
export function resolveMode(asked: { mode?: PodcastMode | undefined; minutes?: number | undefined }, fallback: { mode: PodcastMode; minutes: number }): ModeChoice {
  const mode = asked.mode ?? fallback.mode;
  if (mode !== 'podcast' && mode !== 'conversation') {
    if (asked.minutes !== undefined) throw new AppError('VALIDATION_ERROR', { message: MODE_MESSAGES.minutesNotForMode });
    return { mode, minutes: null };
  }
  return { mode, minutes: asked.minutes ?? fallback.minutes };
}
