/**
 * A listener asks their podcast a question: the owner only (anyone else hears "not found", as for
 * the podcast), QUESTIONS_PER_HOUR per owner. The article's passages are ranked against the question
 * (services/answer/rank-passages.ts; the paragraph heard at `at` breaks ties); with an AI the model
 * answers from the best few, without one the best passage is the answer, or "The article does not
 * say." when none holds enough of the question. The answer is voiced in the episode's voice and kept
 * with the podcast, its audio beside the episode's.
 */
import crypto from 'node:crypto';
import { QUESTION_MESSAGES, type AskQuestion } from '../../shared/api/questions.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { rateLimited } from '../errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Owner } from '../repositories/podcast-repository.ts';
import { insertQuestion, type QuestionRow } from '../repositories/question-repository.ts';
import { take } from '../repositories/rate-limit-repository.ts';
import type { AnswerWriter } from '../machinery/answer/answer-writer.ts';
import { passageSources, rankPassages } from '../machinery/answer/rank-passages.ts';
import { voiceAnswer } from '../machinery/answer/voice-answer.ts';
import type { EncoderPool } from '../machinery/audio/episode-encoder.ts';
import { voiceGainDb } from '../machinery/audio/loudness.ts';
import { episode, type AudioStore } from '../machinery/audio/store.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { baseLanguage, hostVoices } from '../machinery/speech/language-voices.ts';
import { getPodcast } from './get-podcast.ts';
import { heardParagraph } from './heard-paragraph.ts';
import { podcastNotFound } from './podcast-errors.ts';

/** What answers questions: the model (null when no AI is configured) and an encoder of their own, so an answer never waits for an episode's. */
export interface Answers {
  writer: AnswerWriter | null;
  encoders: EncoderPool;
}

export interface AskQuestionDeps {
  db: Database;
  config: { limits: Pick<Config['limits'], 'questionsPerHour'> };
  clock: () => Date;
  logger: Logger;
  speech: SpeechEngine;
  answers: Answers;
  audio: Pick<AudioStore, 'newKey' | 'write' | 'remove'>;
}

export const TOO_MANY_QUESTIONS_MESSAGE = 'Too many questions asked in the last hour.';
/** Passages the model is given. */
const PASSAGES_FOR_MODEL = 4;

export async function askQuestion(deps: AskQuestionDeps, podcastId: string, owner: Owner, input: AskQuestion): Promise<QuestionRow> {
  const podcast = await getPodcast(deps, podcastId, owner);
  const who = 'userId' in owner ? `user:${owner.userId}` : `anonymous:${owner.anonymousToken}`;
  const slot = await take(deps.db, `questions:${who}`, { limit: deps.config.limits.questionsPerHour, windowMs: 60 * 60 * 1000, now: deps.clock() });
  if (!slot.allowed) throw rateLimited(TOO_MANY_QUESTIONS_MESSAGE, slot.retryAfterSeconds);

  const episodeLanguage = podcast.language ?? 'en';
  const articleLanguage = podcast.articleLanguage ?? episodeLanguage;
  const text = podcast.articleText ?? '';
  const atMs = input.at === undefined ? null : Math.round(input.at * 1000);
  const heard = atMs === null ? null : await heardParagraph(deps.db, podcast, atMs);
  const { writer } = deps.answers;
  const ranking = rankPassages({ question: input.question, text, language: articleLanguage, heardParagraph: heard, limit: writer ? PASSAGES_FOR_MODEL : 1 });

  let answer: { text: string; language: string; sources: { paragraph: number; text: string }[] } | null = null;
  if (writer && ranking.passages.length > 0) {
    // The model reads the passages in the article's order.
    const sources = ranking.passages
      .flatMap(passageSources)
      .sort((a, b) => a.paragraph - b.paragraph);
    try {
      const said = await writer.answer({ question: input.question, passages: sources, language: episodeLanguage, title: podcast.sourceTitle ?? podcast.title });
      answer = { text: said, language: episodeLanguage, sources };
    } catch (err) {
      deps.logger.warn('the AI could not answer a question, answering from the article', { podcastId, err });
    }
  }
  if (!answer) {
    const best = ranking.answered ? ranking.passages[0]! : null;
    answer = best
      ? { text: best.sentences.map((s) => s.text).join(' '), language: articleLanguage, sources: passageSources(best) }
      : { text: QUESTION_MESSAGES.notSaid, language: 'en', sources: [] };
  }

  const { speech } = deps;
  const natural = speech.naturalVoices?.(baseLanguage(answer.language));
  const voice = hostVoices(speech.name, answer.language, podcast.voice, speech.defaultVoice, natural).host;
  const { bytes } = await voiceAnswer({
    engine: speech,
    encoders: deps.answers.encoders,
    gainDb: voiceGainDb(speech.name, voice),
    voice,
    language: answer.language,
    text: answer.text,
  });
  const key = deps.audio.newKey();
  await deps.audio.write(episode(key), bytes);
  try {
    return await insertQuestion(deps.db, {
      id: crypto.randomUUID(),
      podcastId: podcast.id,
      question: input.question,
      atMs,
      answer: answer.text,
      sources: answer.sources,
      audioKey: key,
      createdAt: deps.clock(),
    });
  } catch (err) {
    // The podcast went while the answer was made: its answer goes too.
    await deps.audio.remove(key).catch(() => {});
    if (!(await getPodcast(deps, podcastId, owner).then(() => true, () => false))) throw podcastNotFound();
    throw err;
  }
}
