/**
 * The script writer with no AI behind it: the spec's template script and title (spec §8). It is the
 * writer when nothing is configured, and the answer of the AI writer when the AI fails.
 */
import { fallbackScript, fallbackTitle } from '../../../shared/text/fallback.ts';
import type { Article, ScriptResult, ScriptWriter } from './writer.ts';

export const NO_SCRIPT_WRITER_REASON = 'No AI script writer is configured';

/** The template script and title of an article, with why they were used. */
export function fallbackScriptResult(article: Article, reason: string): ScriptResult {
  // An article without text cannot name itself; its page title is better than an empty name.
  const title = fallbackTitle(article.text) || article.title.trim();
  return { script: fallbackScript(article.text), title, fallbackReason: reason };
}

export function createFallbackScriptWriter(reason: string = NO_SCRIPT_WRITER_REASON): ScriptWriter {
  return {
    async write(article, options) {
      options?.signal?.throwIfAborted();
      return fallbackScriptResult(article, reason);
    },
  };
}
