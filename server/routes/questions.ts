/**
 * `/api/podcasts/:id/questions`: ask the podcast a question while it plays, and list those asked
 * (the owner only); `…/questions/:questionId/audio` plays an answer (its signed address, or the owner).
 */
import { Hono } from 'hono';
import { askQuestionSchema } from '../../shared/api/questions.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { ownerOf, requireOwner } from '../http/owner.ts';
import { toQuestionAnswer } from '../http/question-view.ts';
import { serveAudio } from '../http/serve-audio.ts';
import { validate } from '../http/validate.ts';
import { askQuestion } from '../use-cases/ask-question.ts';
import { listQuestions, openAnswerAudio } from '../use-cases/list-questions.ts';
import { podcastNotFound } from '../use-cases/podcast-errors.ts';

export function questionRoutes(deps: AppDeps) {
  const { signer } = deps;
  return new Hono<AppEnv>()
    .post('/:id/questions', validate('json', askQuestionSchema), async (c) => {
      const row = await askQuestion(deps, c.req.param('id'), requireOwner(c), c.req.valid('json'));
      return c.json(toQuestionAnswer(row, signer), 201);
    })
    .get('/:id/questions', async (c) => {
      const rows = await listQuestions(deps, c.req.param('id'), requireOwner(c));
      return c.json({ questions: rows.map((row) => toQuestionAnswer(row, signer)) });
    })
    .on(['GET', 'HEAD'], '/:id/questions/:questionId/audio', async (c) => {
      const questionId = c.req.param('questionId');
      const token = c.req.query('t');
      if (token && !signer.verify(token, questionId, 'answer', deps.clock())) throw podcastNotFound();
      const audio = await openAnswerAudio(deps, c.req.param('id'), questionId, token ? { signed: true } : { owner: ownerOf(c) });
      return serveAudio(c, deps.audio, audio, { contentType: 'audio/mpeg' });
    });
}
