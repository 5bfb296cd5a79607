/**
 * Questions asked of a podcast while it plays: `POST /api/podcasts/:id/questions` answers from the
 * article (the owner only), `GET` lists those asked, newest last. Each answer is voiced; its audio
 * is signed like the episode's.
 */
import { z } from 'zod';
import { cleanFreeText } from './nul.ts';

export const QUESTION_CHARS = { min: 1, max: 500 } as const;

export const QUESTION_MESSAGES = {
  empty: 'Type a question to ask.',
  tooLong: `A question is at most ${QUESTION_CHARS.max} characters.`,
  at: 'at is the seconds into the episode where the question was asked: a number from 0.',
  /** The answer when the article holds none. */
  notSaid: 'The article does not say.',
} as const;

/** `{ question, at? }`: what the listener typed, and where in the episode they paused to ask. */
export const askQuestionSchema = z.object({
  question: z
    .string({ error: QUESTION_MESSAGES.empty })
    .overwrite(cleanFreeText)
    .trim()
    .min(QUESTION_CHARS.min, QUESTION_MESSAGES.empty)
    .max(QUESTION_CHARS.max, QUESTION_MESSAGES.tooLong),
  at: z.number({ error: QUESTION_MESSAGES.at }).min(0, QUESTION_MESSAGES.at).max(24 * 3600, QUESTION_MESSAGES.at).optional(),
});
export type AskQuestion = z.infer<typeof askQuestionSchema>;

/** A passage an answer came from: the article's paragraph (its line, from 0, as the read-along's `sourceParagraph`) and the words. */
export const answerSourceSchema = z.object({ paragraph: z.number().int().min(0), text: z.string() });
export type AnswerSource = z.infer<typeof answerSourceSchema>;

/** A question asked and its answer: the text, its audio (signed, relative to the server) and its sources. */
export const questionAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** Seconds into the episode where it was asked; null when not said. */
  at: z.number().nullable(),
  answer: z.string(),
  audioUrl: z.string().nullable(),
  sources: z.array(answerSourceSchema),
  createdAt: z.string(),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

export const questionListSchema = z.object({ questions: z.array(questionAnswerSchema) });
