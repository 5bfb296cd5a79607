/**
 * Where a job's speech stores its episode: segments written to the audio store as they are made, a
 * row each (`audio_segments`), the podcast's made time, estimate and progress kept as they go; an
 * episode cut off resumes after its last stored segment when the script it speaks was complete. The
 * finished episode is joined after its ID3 tag and becomes the podcast's.
 */
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { deleteSegments, lastSegment, listSegments, upsertSegment } from '../repositories/segment-repository.ts';
import { segment as segmentObject, type AudioStore } from '../machinery/audio/store.ts';
import { parseScript } from '../machinery/script/script-format.ts';
import { FRESH_EPISODE, type EpisodeSegment } from '../machinery/speech/episode.ts';
import { expectedScriptChars, rawEstimateMs, settledEstimateMs, speechProgress } from './episode-estimate.ts';
import { episodeTag } from './episode-tag.ts';
import { articleOf, hostsOf, writtenSentences } from './podcast-record.ts';
import type { PodcastState } from './podcast-state.ts';
import type { EpisodeSink, Speech } from './ports.ts';
import { READY_PROGRESS } from './progress.ts';

export interface EpisodeDeps {
  db: Database;
  logger: Logger;
  audio: Pick<AudioStore, 'remove' | 'newKey' | 'write' | 'join' | 'removeSegments' | 'stat'>;
}

/**
 * Opens (or reopens, to resume) the podcast's episode. `segmentStored` hears of each segment once
 * the script is stored (a run may stop from then on: the next one speaks it from the row).
 */
export async function openEpisodeSink(deps: EpisodeDeps, podcast: PodcastState, segmentStored: (final: boolean) => Promise<void>): Promise<EpisodeSink> {
  const row = podcast.row;
  const inProgress = row.streamKey && row.streamKey !== row.audioKey ? row.streamKey : null;
  let key: string;
  let resume = FRESH_EPISODE;
  const last = inProgress && podcast.scriptAtStart ? await lastSegment(deps.db, inProgress) : null;
  if (inProgress && last && (await holdsSegments(deps, inProgress, last.seq))) {
    // The script spoken before is the one stored: resume after the last stored segment.
    key = inProgress;
    const spokenChars = (writtenSentences(row, articleOf(row)).sentences ?? parseScript(podcast.scriptAtStart!, hostsOf(row)))
      .slice(0, last.nextSentence)
      .reduce((n, s) => n + s.text.length + 1, 0);
    resume = { nextSentence: last.nextSentence, seq: last.seq + 1, ms: last.startMs + last.durationMs, bytes: last.byteOffset + last.bytes, spokenChars };
    await deleteSegments(deps.db, key, resume.seq); // none, unless a crash stored one past the last whole row
    deps.logger.info('speech resumes after the last stored segment', { podcastId: podcast.id, seq: last.seq, nextSentence: last.nextSentence });
  } else {
    if (inProgress) await discardEpisode(deps, inProgress);
    key = deps.audio.newKey();
    await podcast.saveAndTell({ streamKey: key, madeMs: 0, estimatedMs: null });
  }
  let lastEstimate = podcast.row.estimatedMs ?? null;
  let lastProgress = podcast.row.progress;
  const expectedChars = expectedScriptChars(row.mode, row.articleText?.length ?? 0);
  return {
    key,
    resume,
    async segment(segment: EpisodeSegment) {
      await deps.audio.write(segmentObject(key, segment.seq), segment.bytes);
      await upsertSegment(deps.db, {
        audioKey: key,
        seq: segment.seq,
        podcastId: podcast.id,
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
      if (segment.seq === 0) deps.logger.debug('first segment stored', { podcastId: podcast.id });
      const madeMs = Math.round(segment.startMs + segment.durationMs);
      const total = Math.max(podcast.scriptChars ?? expectedChars, segment.spokenChars);
      const estimatedMs = segment.final ? madeMs : settledEstimateMs(lastEstimate, rawEstimateMs(madeMs, segment.spokenChars, total), madeMs);
      lastEstimate = estimatedMs;
      const progress = speechProgress(madeMs, estimatedMs, lastProgress);
      lastProgress = progress;
      await podcast.saveAndTell({ madeMs, estimatedMs, progress });
      // A run may stop from here on only once its script is stored: the next one speaks it from the row.
      if (podcast.scriptChars !== null) await segmentStored(segment.final);
    },
  };
}

/**
 * Whether this process's audio store holds every segment the rows list up to `lastSeq`: one run may
 * have stored them where this one cannot read them (another process's own disk), and an episode
 * joined from missing segments fails, so it is spoken afresh instead.
 */
async function holdsSegments(deps: EpisodeDeps, key: string, lastSeq: number): Promise<boolean> {
  const rows = (await listSegments(deps.db, key)).filter((row) => row.seq <= lastSeq);
  if (rows.length !== lastSeq + 1) return false;
  const sizes = await Promise.all(rows.map((row) => deps.audio.stat(segmentObject(key, row.seq))));
  return sizes.every((size, i) => size === rows[i]!.bytes);
}

/** Joins the stored segments into the finished MP3 and makes it the podcast's. */
export async function storeEpisode(deps: EpisodeDeps, podcast: PodcastState, speech: Speech): Promise<void> {
  const previousKey = podcast.row.audioKey;
  // The finished file starts with an ID3 tag naming its chapters; the segments follow it.
  const bytes = await deps.audio.join(speech.key, speech.segments, await episodeTag(deps.db, podcast.row.title, speech.key, speech.durationMs));
  await podcast.saveFinal({
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
}

/** Removes an episode's audio and segment rows. */
export async function discardEpisode(deps: Pick<EpisodeDeps, 'db' | 'audio'>, key: string) {
  await deleteSegments(deps.db, key);
  await deps.audio.remove(key).catch(() => {});
}
