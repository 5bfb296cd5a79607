/**
 * The script writer with no AI behind it: a template script read from the article, and its title. It is the
 * writer when nothing is configured, and the answer of the AI writer when the AI fails. Its stream has
 * every sentence at once.
 */
import { fallbackScript, titleOrFallback } from '../../../shared/text/fallback.ts';
import { templateScriptStream } from './script-stream.ts';
import type { Article, ScriptResult, ScriptWriter } from './writer.ts';

export const NO_SCRIPT_WRITER_REASON = 'No AI script writer is configured';

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

export function createFallbackScriptWriter(reason: string = NO_SCRIPT_WRITER_REASON): ScriptWriter {
  return {
    async write(article, options) {
      options?.signal?.throwIfAborted();
      return fallbackScriptResult(article, reason);
    },
    stream(article, options) {
      return templateScriptStream(fallbackScriptResult(article, reason), options);
    },
  };
}
