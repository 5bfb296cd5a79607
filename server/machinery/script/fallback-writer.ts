/**
 * The script writer with no AI behind it: a template script read from the article, and its title. It is the
 * writer when nothing is configured, and the answer of the AI writer when the AI fails. Its stream has
 * every sentence at once.
 */
import { fallbackScript, titleOrFallback } from '../../../shared/text/fallback.ts';
import { NO_SCRIPT_WRITER_REASON } from '../../../shared/podcast/status-labels.ts';
import { scriptWithoutAi } from './mode-fallback.ts';
import { formatScript } from './script-format.ts';
import { sentencesStream, templateScriptStream } from './script-stream.ts';
import type { Article, ScriptPlan, ScriptResult, ScriptWriter } from './types.ts';


/**
 * The title with no AI: the page's own title, kept whole; the first eight words of the first line
 * of the text only when the page has none.
 */
export function articleFallbackTitle(article: Article): string {
  return titleOrFallback(article.title, article.text);
}

/** The template script and title of an article, with why they were used. */
export function fallbackScriptResult(article: Article, reason: string): ScriptResult {
  return { script: fallbackScript(article.text), title: articleFallbackTitle(article), fallbackReason: reason };
}

/** Why a plan's script is not the AI's: none in read mode, which never asks one. */
export function planReason(plan: ScriptPlan, reason: string): string | null {
  return plan.mode === 'read' ? null : reason;
}

export function createFallbackScriptWriter(reason: string = NO_SCRIPT_WRITER_REASON): ScriptWriter {
  return {
    async write(article, options) {
      options?.signal?.throwIfAborted();
      if (!options?.plan) return fallbackScriptResult(article, reason);
      const sentences = scriptWithoutAi(article, options.plan);
      return { script: formatScript(sentences), title: articleFallbackTitle(article), fallbackReason: planReason(options.plan, reason) };
    },
    stream(article, options) {
      if (!options?.plan) return templateScriptStream(fallbackScriptResult(article, reason), options);
      const rest = { title: articleFallbackTitle(article), fallbackReason: planReason(options.plan, reason) };
      return sentencesStream(scriptWithoutAi(article, options.plan), rest, options);
    },
  };
}
