/**
 * Who answers a listener's question: an OpenAI-compatible model, from the passages the ranking
 * found (answer-prompt.ts), or nobody (no AI configured: the answer is the best passage itself).
 * A model that fails or is slow gives way to the passage, so an answer is always ready in seconds.
 */
import { AI_SETTINGS } from '../../../shared/constants.ts';
import { createOpenAiClient } from '../script/openai-client.ts';
import { ask } from '../script/openai-writer.ts';
import { answerPrompt, type AnswerRequest } from './answer-prompt.ts';

export interface AnswerWriter {
  /** The spoken answer, from the request's passages only; rejects when the model could not answer. */
  answer(request: AnswerRequest, signal?: AbortSignal): Promise<string>;
}

/** The longest wait for the model, within the answer's ten seconds (its voice takes the rest). */
export const ANSWER_TIMEOUT_MS = 6_000;

export function createAnswerWriter(options: {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string | undefined;
  timeoutMs?: number;
}): AnswerWriter {
  const timeoutMs = options.timeoutMs ?? ANSWER_TIMEOUT_MS;
  const client = createOpenAiClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0, timeoutMs });
  const model = options.model ?? AI_SETTINGS.model;
  return {
    async answer(request, signal) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const { content } = await ask(client, model, answerPrompt(request), signal ? AbortSignal.any([signal, deadline]) : deadline);
      const answer = content.replace(/\s+/g, ' ').replace(/\[\d+\]/g, '').trim();
      if (!answer) throw new Error('The AI service answered with an empty answer');
      return answer;
    },
  };
}
