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
import type { Logger } from '../lib/logger.ts';
import { findPodcast, replaceTitleIfUnchanged, updatePodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import { deleteSegments, lastSegment, upsertSegment } from '../repositories/segment-repository.ts';
import { segment as segmentObject, type AudioStore } from '../services/audio/store.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';
import { PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import { readScript } from '../services/script/read-script.ts';
import { parseScript } from '../services/script/script-format.ts';
import type { ScriptResult, ScriptSentence } from '../services/script/writer.ts';
import { CONVERSATION_HOSTS } from './script-plan.ts';
import { FRESH_EPISODE, type EpisodeSegment } from '../services/speech/episode.ts';
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
export async function convertPodcast(deps: PodcastConversionDeps, podcastId: string, signal: AbortSignal): Promise<void> {
  try {
    await convert(deps, podcastId, signal);
  } catch (err) {
    if (err instanceof PodcastDeletedError) throw err;
    const gone = await findPodcast(deps.db, podcastId).then((row) => row === null, () => false);
    throw gone ? new PodcastDeletedError({ cause: err }) : err;
  }
}

async function convert(deps: PodcastConversionDeps, podcastId: string, signal: AbortSignal): Promise<void> {
  const { db, logger } = deps;
  let podcast = await findPodcast(db, podcastId);
  if (!podcast) throw new PodcastDeletedError(); // deleted after the job was claimed
  if (podcast.status === 'ready') return; // already done
  const scriptAtStart = podcast.content;

  const save = async (values: Partial<PodcastRow>) => {
    const row = await updatePodcast(db, podcastId, values);
    if (!row) throw new PodcastDeletedError();
    deps.events.publish(changeOf(row));
    podcast = row;
    return row;
  };
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
      if (stage === 'script') await save({ status: 'writing', progress: WRITING_PROGRESS, error: null });
      if (stage === 'speech') {
        // Progress moves with the audio made from here on (see episode-estimate.ts), not ahead of it.
        const row = await save({ status: 'speaking', error: null });
        lastProgress = row.progress;
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
    scriptChars = result.script.length;
    await save({ content: result.script, fallbackReason: result.fallbackReason });
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
      await save({ streamKey: key, madeMs: 0, estimatedMs: null });
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
        }).catch(async (err) => {
          // A deleted podcast takes its segment rows with it: stop, and leave no files behind.
          if (!(await findPodcast(db, podcastId))) {
            await deps.audio.removeSegments(key).catch(() => {});
            throw new PodcastDeletedError();
          }
          throw err;
        });
        if (segment.seq === 0) logger.debug('first segment stored', { podcastId });
        const madeMs = Math.round(segment.startMs + segment.durationMs);
        const total = Math.max(scriptChars ?? expectedChars, segment.spokenChars);
        const estimatedMs = segment.final ? madeMs : settledEstimateMs(lastEstimate, rawEstimateMs(madeMs, segment.spokenChars, total), madeMs);
        lastEstimate = estimatedMs;
        const progress = speechProgress(madeMs, estimatedMs, lastProgress);
        lastProgress = progress;
        await save({ madeMs, estimatedMs, progress }).catch(async (err) => {
          if (err instanceof PodcastDeletedError) await deps.audio.removeSegments(key).catch(() => {});
          throw err;
        });
      },
    };
  };

  const storeAudio = async (speech: Speech) => {
    const previousKey = podcast!.audioKey;
    // The finished file starts with an ID3 tag naming its chapters; the segments follow it.
    const bytes = await deps.audio.join(speech.key, speech.segments, await episodeTag(db, podcast!.title, speech.key, speech.durationMs));
    await save({
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
    await save({ status: 'drafted', progress: SCRIPTED_PROGRESS });
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
  };
}

/**
 * How a stored script is spoken: a read-mode script nobody edited is read again from the article
 * (its sentences keep their lines of the article); any other is parsed, with its hosts.
 */
function writtenSentences(row: PodcastRow, article: Article): { hosts?: readonly string[]; sentences?: ScriptSentence[] } {
  const hosts = hostsOf(row);
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

/** Records that the podcast's job gave up; the part of the episode already made stays playable. */
export async function markConversionFailed(deps: Pick<PodcastConversionDeps, 'db' | 'logger' | 'events'>, podcastId: string, error: unknown) {
  deps.logger.error('conversion failed', { podcastId, err: error });
  const podcast = await findPodcast(deps.db, podcastId);
  if (!podcast) return;
  const unfinished = podcast.streamKey !== null && podcast.streamKey !== podcast.audioKey && (podcast.madeMs ?? 0) > 0;
  const row = await updatePodcast(deps.db, podcastId, { status: 'failed', error: unfinished ? CONVERSION_UNFINISHED_MESSAGE : CONVERSION_FAILED_MESSAGE });
  if (row) deps.events.publish(changeOf(row));
}
