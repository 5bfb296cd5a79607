/** How an episode is told, as a request asks it: its mode and, for the modes that take one, its length in minutes. */
import { z } from 'zod';
import { PODCAST_MINUTES, PODCAST_MODES, type PodcastMode } from '../constants.ts';

/** The messages of a mode or length the API refuses. */
export const MODE_MESSAGES = {
  invalidMode: `The mode must be one of: ${PODCAST_MODES.join(', ')}.`,
  invalidMinutes: `The length must be a whole number of minutes from ${PODCAST_MINUTES.min} to ${PODCAST_MINUTES.max}.`,
  minutesNotForMode: 'A length in minutes can be asked only in podcast and conversation modes.',
  emptyScript: 'The script cannot be empty.',
} as const;

export const modeField = z.enum(PODCAST_MODES, { error: MODE_MESSAGES.invalidMode });
export const minutesField = z
  .number({ error: MODE_MESSAGES.invalidMinutes })
  .int(MODE_MESSAGES.invalidMinutes)
  .min(PODCAST_MINUTES.min, MODE_MESSAGES.invalidMinutes)
  .max(PODCAST_MINUTES.max, MODE_MESSAGES.invalidMinutes);

/**
 * How the episode is told: `mode` (default: the member's, else podcast with an AI, else read),
 * `minutes` (podcast and conversation only) and `draft` (Premium: stop once the script is written).
 */
export const modeFields = {
  mode: modeField.optional(),
  minutes: minutesField.optional(),
  draft: z.boolean({ error: 'draft must be true or false' }).optional(),
};

/** Minutes only for the modes that take a length. */
export function minutesAllowed(mode: PodcastMode | undefined, minutes: number | undefined): boolean {
  return minutes === undefined || mode === undefined || mode === 'podcast' || mode === 'conversation';
}
