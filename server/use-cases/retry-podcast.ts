import { AppError } from '../errors.ts';
import type { Owner, PodcastRow } from '../repositories/podcast-repository.ts';
import { getPodcast } from './get-podcast.ts';
import { requeuePodcast, type RequeueDeps } from './requeue-podcast.ts';

/**
 * Tries the owner's podcast again from the start: one that failed, or one left unfinished with no
 * live job (its process died before the job was stored, or the job is gone). 409 otherwise.
 */
export async function retryPodcast(deps: RequeueDeps, id: string, owner: Owner): Promise<PodcastRow> {
  const row = await getPodcast(deps, id, owner);
  const updated = await requeuePodcast(deps, row.id, ['failed', 'queued', 'writing', 'speaking'], { progress: 0 });
  if (!updated) {
    throw new AppError('VALIDATION_ERROR', { message: 'Only a podcast that failed can be tried again', status: 409 });
  }
  return updated;
}
