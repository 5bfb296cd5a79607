/**
 * Scripts written without an AI, by mode: read mode's whole article; and, when no AI is configured
 * or it failed, the spec's template honouring the length asked: its welcome, the article's
 * paragraphs (brief: the spec's first five; podcast and conversation: as many as fit), never more
 * than the words asked, and its thanks, in the article's language (the paragraphs alone in a
 * language the frame is not written in).
 */
import { FALLBACK_SCRIPT_PARAGRAPHS } from '../../../shared/constants.ts';
import { episodeFrame, FALLBACK_THANKS, FALLBACK_WELCOME } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { readScript } from './read-script.ts';
import { readSourcesScript, templateSourcesScript } from './episode-sources.ts';
import { countWords } from './script-format.ts';
import type { Article, ScriptPlan, ScriptSentence } from './writer.ts';

/**
 * The paragraphs of the template for a plan: brief's first five, podcast's and conversation's as many
 * as fit; within the plan's words either way, the last one cut at a sentence end (an article of one
 * long paragraph is not read whole for a two-minute brief).
 */
export function templateParagraphs(text: string, plan: Pick<ScriptPlan, 'mode' | 'targetWords'> | undefined): string[] {
  const paragraphs = text.split(/\n+/).map((p) => p.trim()).filter(Boolean);
  if (!plan || plan.targetWords === null) return paragraphs.slice(0, FALLBACK_SCRIPT_PARAGRAPHS);
  const candidates = plan.mode === 'brief' ? paragraphs.slice(0, FALLBACK_SCRIPT_PARAGRAPHS) : paragraphs;
  // An article within the words asked (its own length, when it is short) is read whole.
  if (countWords(candidates.join(' ')) <= plan.targetWords) return candidates;
  const room = Math.max(1, plan.targetWords - countWords(FALLBACK_WELCOME) - countWords(FALLBACK_THANKS));
  const kept: string[] = [];
  let words = 0;
  for (const paragraph of candidates) {
    const n = countWords(paragraph);
    if (words + n <= room) {
      kept.push(paragraph);
      words += n;
      continue;
    }
    // The paragraph that does not fit is read up to the sentence that would pass the length.
    const part: string[] = [];
    for (const sentence of splitSentences(paragraph)) {
      const m = countWords(sentence);
      if (words + m > room && (kept.length > 0 || part.length > 0)) break;
      part.push(sentence);
      words += m;
    }
    if (part.length) kept.push(part.join(' '));
    break;
  }
  return kept;
}

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
