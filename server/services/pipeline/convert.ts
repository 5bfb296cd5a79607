/**
 * One podcast's conversion, run by a job: script and title, then speech chunk by chunk into one MP3.
 * Progress is stored and published as each stage and each chunk completes. A stage already done
 * (the script, after a restart) is not done again. It ends with playable audio, or throws and the
 * runner records a reason the user can read.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { podcasts } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { UrlSigner } from '../../http/signed-url.ts';
import { RetryableError } from '../../errors.ts';
import { prepareScriptText } from '../../../shared/text/prepare-script-text.ts';
import type { ScriptWriter } from '../script/writer.ts';
import type { SpeechEngine } from '../speech/engine.ts';
import { speakEpisode } from '../speech/episode.ts';
import type { AudioStore } from '../audio/store.ts';
import type { PodcastEvents } from '../podcasts/events.ts';
import { findPodcast, toEvent, updatePodcast, type PodcastRow } from '../podcasts/repository.ts';

export interface ConversionDeps {
  db: Database;
  logger: Logger;
  scriptWriter: ScriptWriter;
  speech: SpeechEngine;
  audio: AudioStore;
  events: PodcastEvents;
  signer: UrlSigner;
}

/** Where each stage leaves the progress bar (0–100). */
export const PROGRESS = { writing: 5, scripted: 20, spoken: 99, ready: 100 } as const;

export async function runConversion(deps: ConversionDeps, podcastId: string, signal: AbortSignal): Promise<void> {
  const { db, logger } = deps;
  const save = async (values: Partial<PodcastRow>) => {
    const row = await updatePodcast(db, podcastId, values);
    if (!row) throw new Error('the podcast was deleted');
    deps.events.publish(toEvent(row, deps.signer));
    return row;
  };

  let podcast = await findPodcast(db, podcastId);
  if (!podcast) return; // deleted while queued: nothing to do
  if (podcast.status === 'ready') return;

  if (!podcast.content) {
    podcast = await save({ status: 'writing', progress: PROGRESS.writing, error: null });
    const text = prepareScriptText(podcast.articleText ?? '');
    const result = await deps.scriptWriter.write({ title: podcast.sourceTitle ?? podcast.title, text }, { signal });
    // The writer logs a provider failure itself (a warning); this records which podcast it hit.
    if (result.fallbackReason) logger.info('script fallback used', { code: 'AI_ERROR', podcastId, reason: result.fallbackReason });
    const titleBefore = podcast.title;
    podcast = await save({ content: result.script, fallbackReason: result.fallbackReason, progress: PROGRESS.scripted });
    // The written title replaces the page's, unless the member renamed the podcast meanwhile.
    if (result.title && podcast.title === titleBefore) {
      const [renamed] = await db
        .update(podcasts)
        .set({ title: result.title, updatedAt: new Date() })
        .where(and(eq(podcasts.id, podcastId), eq(podcasts.title, titleBefore)))
        .returning();
      if (renamed) {
        podcast = renamed;
        deps.events.publish(toEvent(renamed, deps.signer));
      }
    }
  }
  signal.throwIfAborted();

  podcast = await save({ status: 'speaking', progress: Math.max(podcast.progress, PROGRESS.scripted) });
  const key = deps.audio.newKey();
  const voice = podcast.voice ?? deps.speech.defaultVoice;
  let lastProgress = podcast.progress;
  let result: { bytes: number; durationMs: number };
  try {
    result = await speakEpisode({
      engine: deps.speech,
      text: podcast.content,
      voice,
      outFile: deps.audio.pathFor(key),
      signal,
      onProgress: async (done, total) => {
        const progress = Math.floor(PROGRESS.scripted + ((PROGRESS.spoken - PROGRESS.scripted) * done) / total);
        if (progress > lastProgress) {
          lastProgress = progress;
          await save({ progress });
        }
      },
    });
  } catch (err) {
    await deps.audio.remove(key).catch(() => {});
    if (signal.aborted) throw err;
    // A provider that refuses for good (a wrong key) is not worth another attempt.
    if ((err as { retryable?: boolean }).retryable === false) throw err;
    throw new RetryableError(`speech failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }

  const previousKey = podcast.audioKey;
  await save({
    status: 'ready',
    progress: PROGRESS.ready,
    audioKey: key,
    audioBytes: result.bytes,
    durationMs: Math.round(result.durationMs),
    voice,
    error: null,
  });
  if (previousKey && previousKey !== key) await deps.audio.remove(previousKey).catch(() => {});
}

/** The reason a user reads when a podcast could not be made. */
export const CONVERSION_FAILED_MESSAGE = 'We could not make the audio for this podcast. Please try again.';

export async function markConversionFailed(deps: ConversionDeps, podcastId: string, error: unknown) {
  deps.logger.error('conversion failed', { podcastId, err: error });
  const row = await updatePodcast(deps.db, podcastId, { status: 'failed', error: CONVERSION_FAILED_MESSAGE });
  if (row) deps.events.publish(toEvent(row, deps.signer));
}
