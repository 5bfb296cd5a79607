/** A question and its answer as the API answers them: the answer's audio address signed here, at the edge. */
import type { QuestionAnswer } from '../../shared/api/questions.ts';
import type { QuestionRow } from '../repositories/question-repository.ts';
import type { UrlSigner } from './signed-url.ts';

export function answerAudioPath(podcastId: string, questionId: string, signer: UrlSigner, now?: Date) {
  return `/api/podcasts/${encodeURIComponent(podcastId)}/questions/${encodeURIComponent(questionId)}/audio?t=${signer.sign(questionId, 'answer', now)}`;
}

export function toQuestionAnswer(row: QuestionRow, signer: UrlSigner): QuestionAnswer {
  return {
    id: row.id,
    question: row.question,
    at: row.atMs === null ? null : row.atMs / 1000,
    answer: row.answer,
    audioUrl: row.audioKey ? answerAudioPath(row.podcastId, row.id, signer) : null,
    sources: row.sources,
    createdAt: row.createdAt.toISOString(),
  };
}
