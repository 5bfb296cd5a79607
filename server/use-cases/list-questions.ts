import type { Database } from '../db/client.ts';
import type { Owner } from '../repositories/podcast-repository.ts';
import { findQuestion, listQuestions as listRows, type QuestionRow } from '../repositories/question-repository.ts';
import { episode, type AudioObject } from '../machinery/audio/store.ts';
import { findPodcast } from '../repositories/podcast-repository.ts';
import { getPodcast } from './get-podcast.ts';
import { podcastNotFound } from './podcast-errors.ts';

/** The questions asked of the owner's podcast, in the order asked; NOT_FOUND when it is not theirs. */
export async function listQuestions(deps: { db: Database }, podcastId: string, owner: Owner): Promise<QuestionRow[]> {
  const podcast = await getPodcast(deps, podcastId, owner);
  return listRows(deps.db, podcast.id);
}

/**
 * An answer's audio, for the podcast's owner or a holder of its signed address (the edge checked the
 * signature and passes `signed: true`). NOT_FOUND otherwise.
 */
export async function openAnswerAudio(
  deps: { db: Database },
  podcastId: string,
  questionId: string,
  access: { signed: true } | { owner: Owner | null },
): Promise<AudioObject> {
  const podcast = 'signed' in access ? await findPodcast(deps.db, podcastId) : access.owner && (await getPodcast(deps, podcastId, access.owner).catch(() => null));
  const question = podcast ? await findQuestion(deps.db, podcast.id, questionId) : null;
  if (!question?.audioKey) throw podcastNotFound();
  return episode(question.audioKey);
}
