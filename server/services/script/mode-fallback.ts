/**
 * Scripts written without an AI, by mode: read mode's whole article; and, when no AI is configured
 * or it failed, the spec's template honouring the length asked: its welcome, the article's
 * paragraphs (brief: exactly the spec's five; podcast and conversation: as many as fit the budget,
 * at least one) and its thanks; the paragraphs alone for an article not in English.
 */
import { FALLBACK_SCRIPT_PARAGRAPHS } from '../../../shared/constants.ts';
import { FALLBACK_THANKS, FALLBACK_WELCOME } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../speech/split-text.ts';
import { readScript } from './read-script.ts';
import { countWords } from './script-format.ts';
import type { Article, ScriptPlan, ScriptSentence } from './writer.ts';

/** The paragraphs of the template for a plan. */
export function templateParagraphs(text: string, plan: Pick<ScriptPlan, 'mode' | 'targetWords'> | undefined): string[] {
  const paragraphs = text.split(/\n+/).map((p) => p.trim()).filter(Boolean);
  if (!plan || plan.mode === 'brief' || plan.targetWords === null) return paragraphs.slice(0, FALLBACK_SCRIPT_PARAGRAPHS);
  const room = plan.targetWords - countWords(FALLBACK_WELCOME) - countWords(FALLBACK_THANKS);
  const kept: string[] = [];
  let words = 0;
  for (const paragraph of paragraphs) {
    const n = countWords(paragraph);
    if (kept.length > 0 && words + n > room) break;
    kept.push(paragraph);
    words += n;
  }
  return kept;
}

/** The script's sentences without an AI: read mode's reading, else the template at the plan's length. */
export function scriptWithoutAi(article: Article, plan: ScriptPlan | undefined): ScriptSentence[] {
  if (plan?.mode === 'read') {
    const source = plan.source ?? { text: article.text, lines: null, byline: null };
    return readScript({ title: article.title, ...source, language: plan.language });
  }
  const paragraphs = templateParagraphs(article.text, plan);
  // The template's own lines are English: an article in another language is read without them.
  const english = !plan?.language || plan.language === 'en';
  const lines = english ? [FALLBACK_WELCOME, ...(plan?.note ? [plan.note] : []), ...paragraphs, FALLBACK_THANKS] : paragraphs;
  return lines.flatMap((line, paragraph) => splitSentences(line).map((text) => ({ text, paragraph })));
}
