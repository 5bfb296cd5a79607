/**
 * A podcast's script, read and edited. Its owner and a share link read it (on its own: the podcast's
 * JSON never carries it); editing is Premium's, allowed while no conversion runs (drafted, ready or
 * failed). An edited script is what "Change voice" speaks next.
 */
import type { PodcastScript } from '../../shared/api/podcasts.ts';
import { MODE_MESSAGES } from '../../shared/api/podcast-modes.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { hasLiveJob } from '../repositories/job-repository.ts';
import { lockPodcast, updatePodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';
import { getPodcast } from './get-podcast.ts';
import type { Caller } from './identify-caller.ts';

export const EDIT_SCRIPT_MESSAGE = 'Upgrade to Premium to edit a script';
export const SCRIPT_BUSY_MESSAGE = 'Wait until this podcast is ready or drafted to edit its script';
const EDITABLE = new Set(['drafted', 'ready', 'failed']);

/** The script of a podcast its owner or a share link opened; '' before it is written. */
export function scriptOf(row: Pick<PodcastRow, 'title' | 'content'>): PodcastScript {
  return { title: row.title, script: row.content };
}

/** Stores the member's script: lines trimmed, blank lines dropped; empty is refused. */
export async function savePodcastScript(
  deps: { db: Database; events: Pick<PodcastEvents, 'publish'> },
  caller: Caller,
  id: string,
  script: string,
): Promise<PodcastRow> {
  if (!caller.isPremium) throw new AppError('PREMIUM_REQUIRED', { message: EDIT_SCRIPT_MESSAGE });
  const content = script
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  if (!/[\p{L}\p{N}]/u.test(content)) throw new AppError('VALIDATION_ERROR', { message: MODE_MESSAGES.emptyScript });
  await getPodcast(deps, id, { userId: caller.userId });
  const row = await inTransaction(deps.db, async (tx) => {
    const current = await lockPodcast(tx, id);
    if (!current || !EDITABLE.has(current.status) || (await hasLiveJob(tx, id))) return null;
    return updatePodcast(tx, id, { content, scriptEdited: true });
  });
  if (!row) throw new AppError('VALIDATION_ERROR', { message: SCRIPT_BUSY_MESSAGE, status: 409 });
  deps.events.publish(changeOf(row));
  return row;
}
