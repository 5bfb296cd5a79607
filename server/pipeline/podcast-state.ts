/**
 * One job run's view of its podcast: the row as last written, and the writes that keep it, each
 * published to the podcast's listeners. A podcast deleted meanwhile answers PodcastDeletedError.
 */
import type { Database } from '../db/client.ts';
import type { JobClose } from '../jobs/runner.ts';
import { replaceTitleIfUnchanged, updatePodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';

/** The podcast being converted is gone: its job is cancelled, not failed. */
export class PodcastDeletedError extends Error {
  override readonly name = 'PodcastDeletedError';
  constructor(options?: { cause?: unknown }) {
    super('the podcast was deleted', options);
  }
}

export interface PodcastState {
  readonly id: string;
  /** The podcast as last written. */
  readonly row: PodcastRow;
  /** The script stored when the run began (an earlier run's, or the member's edit), else null. */
  readonly scriptAtStart: string | null;
  /** The script's length once known: stored before, or written in this run. */
  scriptChars: number | null;
  /** Writes the row (on `on`, a transaction, when given). */
  save(values: Partial<PodcastRow>, on?: Database): Promise<PodcastRow>;
  /** Writes the row and tells its listeners. */
  saveAndTell(values: Partial<PodcastRow>): Promise<void>;
  /** The podcast's last state, written with the job's close. */
  saveFinal(values: Partial<PodcastRow>): Promise<void>;
  /** The written title replaces the page's, unless the member renamed the podcast meanwhile. */
  keepTitle(title: string): Promise<void>;
}

export function podcastState(deps: { db: Database; events: Pick<PodcastEvents, 'publish'> }, start: PodcastRow, close: JobClose): PodcastState {
  let row = start;
  const titleAtStart = start.title;
  const publish = (current: PodcastRow) => deps.events.publish(changeOf(current));
  const state: PodcastState = {
    id: start.id,
    get row() {
      return row;
    },
    scriptAtStart: start.content,
    scriptChars: start.content ? start.content.length : null,
    async save(values, on = deps.db) {
      const saved = await updatePodcast(on, start.id, values);
      if (!saved) throw new PodcastDeletedError();
      row = saved;
      return saved;
    },
    saveAndTell: async (values) => publish(await state.save(values)),
    saveFinal: async (values) => publish(await close((tx) => state.save(values, tx))),
    async keepTitle(title) {
      if (!title || row.title !== titleAtStart) return;
      const renamed = await replaceTitleIfUnchanged(deps.db, start.id, titleAtStart, title);
      if (renamed) {
        row = renamed;
        publish(renamed);
      }
    },
  };
  return state;
}
