/**
 * A job's run of the pipeline over one podcast. The podcast row is the stage record: the article
 * stored at creation stands for the intake stages, the script (content, title) for the script stage,
 * and the audio key with status `ready` for the store stage. Speech leaves nothing until it is
 * stored, so a job restarted during speech speaks again; one restarted after the script does not
 * write it again. Status and progress are stored and published as stages start and advance.
 */
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { findPodcast, replaceTitleIfUnchanged, updatePodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import type { AudioStore } from '../services/audio/store.ts';
import { changeOf, type PodcastEvents } from '../services/podcasts/events.ts';
import type { ScriptResult } from '../services/script/writer.ts';
import { READY_PROGRESS, SCRIPTED_PROGRESS, SPOKEN_PROGRESS, WRITING_PROGRESS } from './progress.ts';
import { runStages, type StageRecord } from './stage.ts';
import { conversionStages, type Article, type PreparedArticle, type ServerPipeline, type Speech } from './stages.ts';

export interface PodcastConversionDeps {
  db: Database;
  logger: Logger;
  events: Pick<PodcastEvents, 'publish'>;
  audio: Pick<AudioStore, 'remove'>;
  ports: ServerPipeline;
}

export async function convertPodcast(deps: PodcastConversionDeps, podcastId: string, signal: AbortSignal): Promise<void> {
  const { db, logger } = deps;
  let podcast = await findPodcast(db, podcastId);
  if (!podcast || podcast.status === 'ready') return; // deleted while queued, or already done

  const save = async (values: Partial<PodcastRow>) => {
    const row = await updatePodcast(db, podcastId, values);
    if (!row) throw new Error('the podcast was deleted');
    deps.events.publish(changeOf(row));
    podcast = row;
    return row;
  };
  let lastProgress = 0;

  const record: StageRecord = {
    async load(stage) {
      const row = podcast!;
      const article: Article = { title: row.sourceTitle ?? row.title, text: row.articleText ?? '', sourceUrl: row.sourceUrl ?? '' };
      if (stage === 'fetch' || stage === 'extract') return article;
      if (stage === 'prepare') return { ...article, scriptText: prepareScriptText(article.text) } satisfies PreparedArticle;
      if (stage === 'script' && row.content) return { script: row.content, title: '', fallbackReason: row.fallbackReason } satisfies ScriptResult;
      return undefined;
    },
    async started(stage) {
      if (stage === 'script') await save({ status: 'writing', progress: WRITING_PROGRESS, error: null });
      if (stage === 'speech') {
        const row = await save({ status: 'speaking', progress: Math.max(podcast!.progress, SCRIPTED_PROGRESS) });
        lastProgress = row.progress;
      }
    },
    async progress(stage, done, total) {
      if (stage !== 'speech') return;
      const progress = Math.floor(SCRIPTED_PROGRESS + ((SPOKEN_PROGRESS - SCRIPTED_PROGRESS) * done) / total);
      if (progress <= lastProgress) return;
      lastProgress = progress;
      await save({ progress });
    },
    async save(stage, output) {
      if (stage !== 'script') return;
      const result = output as ScriptResult;
      // The writer logs a provider failure itself (a warning); this records which podcast it hit.
      if (result.fallbackReason) logger.info('script fallback used', { code: 'AI_ERROR', podcastId, reason: result.fallbackReason });
      const titleBefore = podcast!.title;
      await save({ content: result.script, fallbackReason: result.fallbackReason, progress: SCRIPTED_PROGRESS });
      // The written title replaces the page's, unless the member renamed the podcast meanwhile.
      if (result.title && podcast!.title === titleBefore) {
        const renamed = await replaceTitleIfUnchanged(db, podcastId, titleBefore, result.title);
        if (renamed) {
          podcast = renamed;
          deps.events.publish(changeOf(renamed));
        }
      }
    },
  };

  const storeAudio = async (speech: Speech) => {
    const previousKey = podcast!.audioKey;
    await save({
      status: 'ready',
      progress: READY_PROGRESS,
      audioKey: speech.key,
      audioBytes: speech.bytes,
      durationMs: speech.durationMs,
      voice: speech.voice,
      error: null,
    });
    if (previousKey && previousKey !== speech.key) await deps.audio.remove(previousKey).catch(() => {});
  };

  await runStages(conversionStages({ ...deps.ports, storeAudio }, podcast.voice), null, record, signal);
}

/** The reason a user reads when a podcast could not be made. */
export const CONVERSION_FAILED_MESSAGE = 'We could not make the audio for this podcast. Please try again.';

/** Records that the podcast's job gave up. */
export async function markConversionFailed(deps: Pick<PodcastConversionDeps, 'db' | 'logger' | 'events'>, podcastId: string, error: unknown) {
  deps.logger.error('conversion failed', { podcastId, err: error });
  const row = await updatePodcast(deps.db, podcastId, { status: 'failed', error: CONVERSION_FAILED_MESSAGE });
  if (row) deps.events.publish(changeOf(row));
}
