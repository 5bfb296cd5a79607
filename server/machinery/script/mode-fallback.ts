/**
 * Scripts written without an AI, by mode: read mode's whole article; and, when no AI is configured
 * or it failed, the spec's template honouring the length asked: its welcome, the article's
 * paragraphs (brief: the spec's first five; podcast and conversation: as many as fit), never more
 * than the words asked, and its thanks, in the article's language (the paragraphs alone in a
 * language the frame is not written in).
 */
import { episodeFrame } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { readScript } from './read-script.ts';
import { readSourcesScript, templateSourcesScript } from './episode-sources.ts';
import { templateParagraphs } from './template-paragraphs.ts';
import type { Article, ScriptPlan, ScriptSentence } from './types.ts';

/** The template's article paragraphs at the plan's length, without its welcome and thanks. */
export function templateSentences(article: Article, plan: ScriptPlan | undefined): ScriptSentence[] {
  return templateParagraphs(article.text, plan).flatMap((line, paragraph) => splitSentences(line).map((text) => ({ text, paragraph })));
}

/** The script's sentences without an AI: read mode's reading, else the template at the plan's length. */
export function scriptWithoutAi(article: Article, plan: ScriptPlan | undefined): ScriptSentence[] {
  const parts = plan?.source?.parts;
  if (plan && parts && parts.length > 1) {
    if (plan.mode === 'read') return readSourcesScript({ text: plan.source!.text, lines: plan.source!.lines, parts });
    return templateSourcesScript({ text: plan.source!.text, parts }, plan);
  }
  if (plan?.mode === 'read') {
    const source = plan.source ?? { text: article.text, lines: null, byline: null };
    return readScript({ title: article.title, ...source, language: plan.language });
  }
  const paragraphs = templateParagraphs(article.text, plan);
  // The template's own lines in the article's language; a language they are not written in is read without them.
  const frame = episodeFrame(plan?.language);
  const lines = frame ? [frame.welcome, ...(plan?.note ? [plan.note] : []), ...paragraphs, frame.thanks] : paragraphs;
  return lines.flatMap((line, paragraph) => splitSentences(line).map((text) => ({ text, paragraph })));
}
