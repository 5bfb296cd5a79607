/**
 * A job's run of the pipeline over one podcast. The podcast row is the stage record
 * (podcast-record.ts); speech stores the episode in segments as it is made (episode-sink.ts), so a
 * restarted job resumes after the last stored segment when the script it speaks was complete; a
 * script still being written when the run stopped is written, and spoken, afresh. Status, progress,
 * the audio made so far and the estimated length are stored and published as stages start and
 * segments are stored (podcast-state.ts).
 */
import type { Database } from '../db/client.ts';
import { JobYieldedError, type JobClose, type JobTurn } from '../jobs/runner.ts';
import type { Logger } from '../lib/logger.ts';
import { findPodcast, updatePodcast } from '../repositories/podcast-repository.ts';
import { findPronunciations } from '../repositories/pronunciation-repository.ts';
import { compilePronunciations } from '../../shared/text/pronunciations.ts';
import type { AudioStore } from '../machinery/audio/store.ts';
import type { ScriptResult } from '../machinery/script/types.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';
import { openEpisodeSink, storeEpisode } from './episode-sink.ts';
import { podcastRecord } from './podcast-record.ts';
import { PodcastDeletedError, podcastState } from './podcast-state.ts';
import type { ScriptSource, ServerPipeline } from './ports.ts';
import { SCRIPTED_PROGRESS } from './progress.ts';
import { runStages } from './run-stages.ts';
import { conversionStages } from './stages.ts';

export interface PodcastConversionDeps {
  db: Database;
  logger: Logger;
  events: Pick<PodcastEvents, 'publish'>;
  audio: Pick<AudioStore, 'remove' | 'newKey' | 'write' | 'join' | 'removeSegments' | 'stat'>;
  ports: ServerPipeline;
}

/** Runs the conversion; whatever stops it, a podcast deleted meanwhile answers PodcastDeletedError. */
export async function convertPodcast(
  deps: PodcastConversionDeps,
  podcastId: string,
  signal: AbortSignal,
  close: JobClose = (write) => write(deps.db),
  turn: JobTurn = { over: async () => false },
): Promise<void> {
  const written = trackWrites(deps.audio);
  const turnOver = new AbortController();
  const watch = watchTurn(turn, () => turnOver.abort(new JobYieldedError()));
  try {
    await convert({ ...deps, audio: written.store }, podcastId, AbortSignal.any([signal, turnOver.signal]), close, watch.segmentStored);
  } catch (err) {
    const gone = err instanceof PodcastDeletedError || (await findPodcast(deps.db, podcastId).then((row) => row === null, () => false));
    if (!gone && turnOver.signal.aborted && !signal.aborted) throw new JobYieldedError();
    if (!gone) throw err;
    // Everything this run wrote goes with the podcast, a write still landing when it went included.
    await written.discard().catch((e: unknown) => deps.logger.warn('removing a deleted podcast\'s audio failed; the sweep removes it', { podcastId, err: e }));
    throw err instanceof PodcastDeletedError ? err : new PodcastDeletedError({ cause: err });
  } finally {
    watch.stop();
  }
}

/** How often a run that may yield asks whether its turn is over. */
const TURN_WATCH_MS = 250;

/**
 * Asks whether the run's turn is over from its first stored segment (with the script stored) until its
 * last: the run may then stop at any moment, even mid-segment, since the next run resumes after the
 * last stored segment. Each run stores at least one segment, so a run that yields has moved on.
 */
function watchTurn(turn: JobTurn, yieldNow: () => void) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let asking = false;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const ask = async () => {
    if (asking) return;
    asking = true;
    try {
      const over = timer !== null && (await turn.over());
      // The last segment may have been stored while the answer came: the run ends whole instead.
      if (over && timer !== null) {
        stop();
        yieldNow();
      }
    } catch {
      // A failed check leaves the turn as it is; the next one asks again.
    } finally {
      asking = false;
    }
  };
  return {
    async segmentStored(final: boolean) {
      if (final) return stop();
      if (timer) return;
      timer = setInterval(() => void ask(), TURN_WATCH_MS);
      timer.unref?.();
      await ask();
    },
    stop,
  };
}

/**
 * The audio store as one run writes to it: every key it writes is remembered and every write in
 * flight awaited, so `discard` removes all of it, and refuses writes from then on.
 */
function trackWrites(audio: PodcastConversionDeps['audio']) {
  const keys = new Set<string>();
  const pending = new Set<Promise<unknown>>();
  let discarding = false;
  const track = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    if (discarding) return Promise.reject(new PodcastDeletedError());
    keys.add(key);
    const promise = work();
    pending.add(promise);
    void promise.then(
      () => pending.delete(promise),
      () => pending.delete(promise),
    );
    return promise;
  };
  return {
    store: {
      ...audio,
      write: (object, bytes) => track(object.key, () => audio.write(object, bytes)),
      join: (key, count, head) => track(key, () => audio.join(key, count, head)),
    } satisfies PodcastConversionDeps['audio'],
    async discard() {
      discarding = true;
      await Promise.allSettled([...pending]);
      for (const key of keys) await audio.remove(key);
    },
  };
}

async function convert(
  deps: PodcastConversionDeps,
  podcastId: string,
  signal: AbortSignal,
  close: JobClose,
  segmentStored: (final: boolean) => Promise<void>,
): Promise<void> {
  const row = await findPodcast(deps.db, podcastId);
  if (!row) throw new PodcastDeletedError(); // deleted after the job was claimed
  if (row.status === 'ready') return; // already done
  const podcast = podcastState(deps, row, close);

  const scriptWritten = async (result: ScriptResult) => {
    // The writer logs a provider failure itself (a warning); this records which podcast it hit.
    if (result.fallbackReason) deps.logger.info('script fallback used', { code: 'AI_ERROR', podcastId, reason: result.fallbackReason });
    await podcast.saveAndTell({ content: result.script, fallbackReason: result.fallbackReason });
    podcast.scriptChars = result.script.length;
    await podcast.keepTitle(result.title);
  };
  // The member's pronunciations as they are when the voice starts (a visitor's podcast has none).
  const pronunciations = row.userId ? compilePronunciations(await findPronunciations(deps.db, row.userId)) : undefined;
  const stages = conversionStages(
    {
      ...deps.ports,
      openEpisode: () => openEpisodeSink(deps, podcast, segmentStored),
      storeAudio: (speech) => storeEpisode(deps, podcast, speech),
      scriptWritten,
      titleWritten: (title) => podcast.keepTitle(title),
    },
    row.voice,
    undefined,
    pronunciations,
  );
  const record = podcastRecord(podcast);
  if (row.draft && !podcast.scriptAtStart) {
    // A draft stops once its script is written: the member edits it, then voices it.
    const source = (await runStages(stages.slice(0, stages.findIndex((s) => s.name === 'speech')), null, record, signal)) as ScriptSource;
    if ('stream' in source) await scriptWritten(await source.stream.result);
    await podcast.saveFinal({ status: 'drafted', progress: SCRIPTED_PROGRESS });
    return;
  }
  await runStages(stages, null, record, signal);
}

/** The reason a user reads when a podcast could not be made. */
export const CONVERSION_FAILED_MESSAGE = 'We could not make the audio for this podcast. Please try again.';
/** The reason when the voice stopped partway: what was made stays playable. */
export const CONVERSION_UNFINISHED_MESSAGE =
  'The voice stopped before the end of this podcast. The part made so far can still be played; try again to finish it.';

/**
 * Records that the podcast's job gave up, on `tx` (the transaction that ends the job); the part of the
 * episode already made stays playable. Answers how to tell listeners once that has committed.
 */
export async function markConversionFailed(
  deps: Pick<PodcastConversionDeps, 'db' | 'logger' | 'events'>,
  podcastId: string,
  error: unknown,
  tx: Database = deps.db,
): Promise<(() => void) | undefined> {
  deps.logger.error('conversion failed', { podcastId, err: error });
  const podcast = await findPodcast(tx, podcastId);
  if (!podcast) return undefined;
  const unfinished = podcast.streamKey !== null && podcast.streamKey !== podcast.audioKey && (podcast.madeMs ?? 0) > 0;
  const row = await updatePodcast(tx, podcastId, { status: 'failed', error: unfinished ? CONVERSION_UNFINISHED_MESSAGE : CONVERSION_FAILED_MESSAGE });
  return row ? () => deps.events.publish(changeOf(row)) : undefined;
}
