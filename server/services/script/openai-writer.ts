/**
 * The script writer backed by any OpenAI-compatible chat API (OpenAI, or a self-hosted server at
 * OPENAI_BASE_URL). The script and the title are two requests made at once; each falls back to the
 * template on its own when its request fails, and the result says why. A total deadline
 * covers both requests and their retries, so a dead provider costs a podcast seconds, not minutes.
 */
import { APIError, APIUserAbortError } from 'openai';
import type OpenAI from 'openai';
import { z } from 'zod';
import { AI_SETTINGS } from '../../../shared/constants.ts';
import { cleanTitle } from '../../../shared/text/clean-title.ts';
import { fallbackScript } from '../../../shared/text/fallback.ts';
import type { Logger } from '../../lib/logger.ts';
import { articleFallbackTitle, createFallbackScriptWriter, NO_SCRIPT_WRITER_REASON } from './fallback-writer.ts';
import { createOpenAiClient, describeProviderError, ProviderAnswerError } from './openai-client.ts';
import { scriptPrompt, titlePrompt, type ChatPrompt } from './prompts.ts';
import type { ScriptResult, ScriptWriter } from './writer.ts';

export interface ScriptWriterOptions {
  apiKey: string | undefined;
  /** Any OpenAI-compatible API, e.g. `http://127.0.0.1:8080/v1`; OpenAI's when unset. */
  baseUrl: string | undefined;
  /** gpt-3.5-turbo when unset. */
  model: string | undefined;
  logger: Logger;
  /** Longest one write may take, retries included, before the fallback is used. */
  timeoutMs?: number;
  /** Retries of each request on 429, 5xx and lost connections. */
  maxRetries?: number;
}

export const SCRIPT_WRITER_TIMEOUT_MS = 60_000;
export const SCRIPT_WRITER_MAX_RETRIES = 2;
const SERVICE = 'AI service';

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

/**
 * The writer the settings ask for: with neither a key nor a base URL there is no AI to ask, and the
 * template answers every article.
 */
export function createScriptWriter(options: ScriptWriterOptions): ScriptWriter {
  if (!options.apiKey && !options.baseUrl) return createFallbackScriptWriter(NO_SCRIPT_WRITER_REASON);

  const timeoutMs = options.timeoutMs ?? SCRIPT_WRITER_TIMEOUT_MS;
  const model = options.model ?? AI_SETTINGS.model;
  const logger = options.logger.child({ service: 'script-writer', model });
  const client = createOpenAiClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    maxRetries: options.maxRetries ?? SCRIPT_WRITER_MAX_RETRIES,
    timeoutMs,
  });

  return {
    async write(article, { signal } = {}): Promise<ScriptResult> {
      signal?.throwIfAborted();
      const deadline = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
      const [script, title] = await Promise.allSettled([
        ask(client, model, scriptPrompt(article), combined).then((answer) => tidyScript(answer)),
        ask(client, model, titlePrompt(article), combined).then((answer) => tidyTitle(answer.content)),
      ]);
      // The caller gave up on this podcast: there is no one to give a fallback to.
      signal?.throwIfAborted();

      const failures: { part: 'script' | 'title'; reason: string }[] = [];
      const reasonOf = (part: 'script' | 'title', error: unknown) => {
        const timedOut = deadline.aborted && isAbort(error);
        const reason = describeProviderError(error, SERVICE, { timedOut, timeoutMs });
        logger.warn('the AI could not write the podcast, using the template', {
          code: 'AI_ERROR',
          part,
          reason,
          error,
        });
        failures.push({ part, reason });
      };
      if (script.status === 'rejected') reasonOf('script', script.reason);
      if (title.status === 'rejected') reasonOf('title', title.reason);

      return {
        script: script.status === 'fulfilled' ? script.value : fallbackScript(article.text),
        title:
          title.status === 'fulfilled' ? title.value : articleFallbackTitle(article),
        fallbackReason: combineReasons(failures),
      };
    },
  };
}

async function ask(client: OpenAI, model: string, prompt: ChatPrompt, signal: AbortSignal) {
  const raw: unknown = await client.chat.completions.create(
    { model, messages: prompt.messages, temperature: prompt.temperature, max_tokens: prompt.maxTokens },
    { signal },
  );
  const parsed = completionSchema.safeParse(raw);
  if (!parsed.success) throw new ProviderAnswerError(`The ${SERVICE} sent an answer that could not be read`);
  const choice = parsed.data.choices[0]!;
  return { content: choice.message.content ?? '', truncated: choice.finish_reason === 'length' };
}

/**
 * One paragraph per line (the transcript and the voice read it that way), without the markdown a
 * model adds despite being told not to. A script cut off by the token limit ends at its last full
 * sentence rather than mid-word.
 */
export function tidyScript({ content, truncated }: { content: string; truncated: boolean }): string {
  let lines = content
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\s*(?:#{1,6}\s+|[-*\u2022]\s+|>\s*)/, '')
        .replace(/\*\*|__/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  if (truncated) lines = endAtLastSentence(lines);
  const script = lines.join('\n');
  if (!script) throw new ProviderAnswerError(`The ${SERVICE} answered with an empty script`);
  return script;
}

function endAtLastSentence(lines: string[]): string[] {
  const text = lines.join('\n');
  const end = Math.max(...[...text.matchAll(/[.!?]["')\u201D\u2019]?(?=\s|$)/g)].map((m) => m.index + m[0].length), -1);
  // Keep the cut text when cutting would throw most of it away.
  if (end < text.length / 2) return lines;
  return text.slice(0, end).split('\n');
}

/** The first non-empty line, without a "Title:" label, cleaned by the shared title rule. */
export function tidyTitle(content: string): string {
  const line = content.split(/\r?\n/).map((l) => l.trim()).find(Boolean) ?? '';
  const title = cleanTitle(line.replace(/^\W*title\s*:\s*/i, ''));
  if (!title) throw new ProviderAnswerError(`The ${SERVICE} answered with an empty title`);
  return title;
}

function combineReasons(failures: { part: 'script' | 'title'; reason: string }[]): string | null {
  if (failures.length === 0) return null;
  // Both parts failed alike (no connection, rate limit): one reason says it all.
  if (failures.length === 2 && failures[0]!.reason === failures[1]!.reason) return failures[0]!.reason;
  return failures.map((f) => `${f.part === 'script' ? 'Script' : 'Title'}: ${f.reason}.`).join(' ');
}

function isAbort(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return true;
  if (error instanceof APIError) return false;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
