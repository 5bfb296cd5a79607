/** Asking a podcast a question while it plays (its owner): the answer, its audio and its sources. */
import { useMutation } from '@tanstack/react-query';
import type { AskQuestion } from '../../../../../shared/api/questions.ts';
import { pagecast } from '../../../lib/api-client.ts';

export function useAskQuestion(podcastId: string) {
  return useMutation({ mutationFn: (question: AskQuestion) => pagecast.questions.ask(podcastId, question) });
}
