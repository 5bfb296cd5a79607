/**
 * A job's run of the pipeline over one podcast. The podcast row is the stage record: the article
 * stored at creation stands for the intake stages, a stored script for the script stage. Speech
 * stores the episode in segments as it is made (`stream_key`, `audio_segments`), so a restarted job
 * resumes after the last stored segment when the script it speaks was complete; a script still being
 * written when the run stopped is written, and spoken, afresh. Status, progress, the audio made so
 * far and the estimated length are stored and published as stages start and segments are stored.
 */
import { detectLanguage } from '../../shared/text/language.ts';
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';
import type { Database } from '../db/client.ts';
import { JobYieldedError, type JobClose, type JobTurn } from '../jobs/runner.ts';
import type { Logger } from '../lib/logger.ts';
import { findPodcast, replaceTitleIfUnchanged, updatePodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import { deleteSegments, lastSegment, upsertSegment } from '../repositories/segment-repository.ts';
import { segment as segmentObject, type AudioStore } from '../machinery/audio/store.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';
import { PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import { readScript } from '../machinery/script/read-script.ts';
import { readSourcesScript } from '../machinery/script/episode-sources.ts';
import { parseScript } from '../machinery/script/script-format.ts';
import type { ScriptResult, ScriptSentence } from '../machinery/script/types.ts';
import { CONVERSATION_HOSTS } from './script-plan.ts';
import { FRESH_EPISODE, type EpisodeSegment } from '../machinery/speech/episode.ts';
import { expectedScriptChars, rawEstimateMs, settledEstimateMs, speechProgress } from './episode-estimate.ts';
import { READY_PROGRESS, SCRIPTED_PROGRESS, WRITING_PROGRESS } from './progress.ts';
import { episodeTag } from './episode-tag.ts';
import { runStages, type StageRecord } from './stage.ts';
import {
  conversionStages,
  type Article,
  type EpisodeSink,
  type PreparedArticle,
  type ScriptSource,
  type ServerPipeline,
  type Speech,
} from './stages.ts';

export interface PodcastConversionDeps {
  db: Database;
  logger: Logger;
  events: Pick<PodcastEvents, 'publish'>;
  audio: Pick<AudioStore, 'remove' | 'newKey' | 'write' | 'join' | 'removeSegments'>;
  ports: ServerPipeline;
}

/** The podcast being converted is gone: its job is cancelled, not failed. */
export class PodcastDeletedError extends Error {
  override readonly name = 'PodcastDeletedError';
  constructor(options?: { cause?: unknown }) {
    super('the podcast was deleted', options);
  }
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
  const { db, logger } = deps;
  let podcast = await findPodcast(db, podcastId);
  if (!podcast) throw new PodcastDeletedError(); // deleted after the job was claimed
  if (podcast.status === 'ready') return; // already done
  const scriptAtStart = podcast.content;

  const save = async (values: Partial<PodcastRow>, on: Database = db) => {
    const row = await updatePodcast(on, podcastId, values);
    if (!row) throw new PodcastDeletedError();
    podcast = row;
    return row;
  };
  const publish = (row: PodcastRow) => deps.events.publish(changeOf(row));
  const saveAndTell = async (values: Partial<PodcastRow>) => publish(await save(values));
  /** The podcast's last state, written with the job's close. */
  const saveFinal = async (values: Partial<PodcastRow>) => publish(await close((tx) => save(values, tx)));
  let lastProgress = 0;
  let scriptChars: number | null = scriptAtStart ? scriptAtStart.length : null;

  const record: StageRecord = {
    async load(stage) {
      const row = podcast!;
      const article = articleOf(row);
      if (stage === 'fetch' || stage === 'extract') return article;
      // A podcast stored before languages were kept has its language detected from its text.
      const language = row.language ?? (await detectLanguage(article.text));
      if (stage === 'prepare') return { ...article, scriptText: prepareScriptText(article.text), language } satisfies PreparedArticle;
      if (stage === 'script' && scriptAtStart) {
        return { written: { script: scriptAtStart, title: '', fallbackReason: row.fallbackReason }, language, ...writtenSentences(row, article) };
      }
      return undefined;
    },
    async started(stage) {
      if (stage === 'script') await saveAndTell({ status: 'writing', progress: WRITING_PROGRESS, error: null });
      if (stage === 'speech') {
        // Progress moves with the audio made from here on (see episode-estimate.ts), not ahead of it.
        await saveAndTell({ status: 'speaking', error: null });
        lastProgress = podcast!.progress;
      }
    },
    progress: async () => {},
    save: async () => {}, // a streamed script is kept by scriptWritten, once whole
  };

  const keepTitle = async (title: string, titleBefore: string) => {
    // The written title replaces the page's, unless the member renamed the podcast meanwhile.
    if (!title || podcast!.title !== titleBefore) return;
    const renamed = await replaceTitleIfUnchanged(db, podcastId, titleBefore, title);
    if (renamed) {
      podcast = renamed;
      deps.events.publish(changeOf(renamed));
    }
  };
  const titleAtStart = podcast.title;

  const scriptWritten = async (result: ScriptResult) => {
    // The writer logs a provider failure itself (a warning); this records which podcast it hit.
    if (result.fallbackReason) logger.info('script fallback used', { code: 'AI_ERROR', podcastId, reason: result.fallbackReason });
    await saveAndTell({ content: result.script, fallbackReason: result.fallbackReason });
    scriptChars = result.script.length;
    await keepTitle(result.title, titleAtStart);
  };

  const openEpisode = async (): Promise<EpisodeSink> => {
    const row = podcast!;
    const inProgress = row.streamKey && row.streamKey !== row.audioKey ? row.streamKey : null;
    let key: string;
    let resume = FRESH_EPISODE;
    const last = inProgress && scriptAtStart ? await lastSegment(db, inProgress) : null;
    if (inProgress && last) {
      // The script spoken before is the one stored: resume after the last stored segment.
      key = inProgress;
      const spokenChars = (writtenSentences(row, articleOf(row)).sentences ?? parseScript(scriptAtStart, hostsOf(row)))
        .slice(0, last.nextSentence)
        .reduce((n, s) => n + s.text.length + 1, 0);
      resume = { nextSentence: last.nextSentence, seq: last.seq + 1, ms: last.startMs + last.durationMs, bytes: last.byteOffset + last.bytes, spokenChars };
      await deleteSegments(db, key, resume.seq); // none, unless a crash stored one past the last whole row
      logger.info('speech resumes after the last stored segment', { podcastId, seq: last.seq, nextSentence: last.nextSentence });
    } else {
      if (inProgress) await discardEpisode(deps, inProgress);
      key = deps.audio.newKey();
      await saveAndTell({ streamKey: key, madeMs: 0, estimatedMs: null });
    }
    let lastEstimate = podcast!.estimatedMs ?? null;
    const expectedChars = expectedScriptChars(row.mode, row.articleText?.length ?? 0);
    return {
      key,
      resume,
      async segment(segment: EpisodeSegment) {
        await deps.audio.write(segmentObject(key, segment.seq), segment.bytes);
        await upsertSegment(db, {
          audioKey: key,
          seq: segment.seq,
          podcastId,
          byteOffset: segment.byteOffset,
          bytes: segment.bytes.length,
          startMs: Math.round(segment.startMs),
          durationMs: Math.round(segment.durationMs),
          nextSentence: segment.nextSentence,
          cues: segment.cues.map(({ index, startMs, endMs, text, paragraph, speaker, sourceParagraph, chapter, shown }) => ({
            index,
            startMs,
            endMs,
            text,
            paragraph,
            ...(speaker ? { speaker } : {}),
            ...(sourceParagraph !== undefined ? { sourceParagraph } : {}),
            ...(chapter ? { chapter } : {}),
            ...(shown ? { shown } : {}),
          })),
        });
        if (segment.seq === 0) logger.debug('first segment stored', { podcastId });
        const madeMs = Math.round(segment.startMs + segment.durationMs);
        const total = Math.max(scriptChars ?? expectedChars, segment.spokenChars);
        const estimatedMs = segment.final ? madeMs : settledEstimateMs(lastEstimate, rawEstimateMs(madeMs, segment.spokenChars, total), madeMs);
        lastEstimate = estimatedMs;
        const progress = speechProgress(madeMs, estimatedMs, lastProgress);
        lastProgress = progress;
        await saveAndTell({ madeMs, estimatedMs, progress });
        // A run may stop from here on only once its script is stored: the next one speaks it from the row.
        if (scriptChars !== null) await segmentStored(segment.final);
      },
    };
  };

  const storeAudio = async (speech: Speech) => {
    const previousKey = podcast!.audioKey;
    // The finished file starts with an ID3 tag naming its chapters; the segments follow it.
    const bytes = await deps.audio.join(speech.key, speech.segments, await episodeTag(db, podcast!.title, speech.key, speech.durationMs));
    await saveFinal({
      status: 'ready',
      progress: READY_PROGRESS,
      audioKey: speech.key,
      streamKey: speech.key,
      audioBytes: bytes,
      durationMs: speech.durationMs,
      madeMs: speech.durationMs,
      estimatedMs: speech.durationMs,
      voice: speech.voice,
      error: null,
    });
    // Segments are served from the joined file from now on.
    await deps.audio.removeSegments(speech.key).catch(() => {});
    if (previousKey && previousKey !== speech.key) await discardEpisode(deps, previousKey);
  };

  const stages = conversionStages(
    { ...deps.ports, storeAudio, openEpisode, scriptWritten, titleWritten: (title) => keepTitle(title, titleAtStart) },
    podcast.voice,
  );
  if (podcast.draft && !scriptAtStart) {
    // A draft stops once its script is written: the member edits it, then voices it.
    const source = (await runStages(stages.slice(0, stages.findIndex((s) => s.name === 'speech')), null, record, signal)) as ScriptSource;
    if ('stream' in source) await scriptWritten(await source.stream.result);
    await saveFinal({ status: 'drafted', progress: SCRIPTED_PROGRESS });
    return;
  }
  await runStages(stages, null, record, signal);
}

function modeOf(mode: string): PodcastMode {
  return (PODCAST_MODES as readonly string[]).includes(mode) ? (mode as PodcastMode) : 'podcast';
}

function hostsOf(row: PodcastRow): readonly string[] | undefined {
  return row.mode === 'conversation' ? CONVERSATION_HOSTS : undefined;
}

/** The article as stored with the podcast, with how it is told. */
function articleOf(row: PodcastRow): Article {
  return {
    title: row.sourceTitle ?? row.title,
    text: row.articleText ?? '',
    sourceUrl: row.sourceUrl ?? '',
    mode: modeOf(row.mode),
    minutes: row.minutes,
    lines: row.articleStructure?.lines ?? null,
    byline: row.articleStructure?.byline ?? null,
    sources: row.sources?.read.length ? row.sources.read : null,
  };
}

/**
 * How a stored script is spoken: a read-mode script nobody edited is read again from the article
 * (its sentences keep their lines of the article); any other is parsed, with its hosts.
 */
function writtenSentences(row: PodcastRow, article: Article): { hosts?: readonly string[]; sentences?: ScriptSentence[] } {
  const hosts = hostsOf(row);
  if (row.mode === 'read' && !row.scriptEdited && article.sources && article.sources.length > 1) {
    return { sentences: readSourcesScript({ text: article.text, lines: article.lines ?? null, parts: article.sources }) };
  }
  if (row.mode === 'read' && !row.scriptEdited) {
    return {
      sentences: readScript({ title: article.title, text: article.text, lines: article.lines ?? null, byline: article.byline ?? null, language: row.language ?? undefined }),
    };
  }
  return hosts ? { hosts } : {};
}

/** Removes an episode's audio and segment rows. */
async function discardEpisode(deps: Pick<PodcastConversionDeps, 'db' | 'audio'>, key: string) {
  await deleteSegments(deps.db, key);
  await deps.audio.remove(key).catch(() => {});
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
