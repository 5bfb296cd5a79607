/**
 * The script writer backed by any OpenAI-compatible chat API (OpenAI, or a self-hosted server at
 * OPENAI_BASE_URL). The script and the title are two requests made at once. The script is streamed
 * and given out sentence by sentence as it arrives; the title is one answer. Each part falls back to
 * the template on its own when its request fails, and the result says why. Deadlines bound the title
 * and any silence of the script stream, so a dead provider costs a podcast seconds, not minutes.
 */
import { APIError, APIUserAbortError } from 'openai';
import type OpenAI from 'openai';
import { z } from 'zod';
import { AI_SETTINGS } from '../../../shared/constants.ts';
import { cleanTitle } from '../../../shared/text/clean-title.ts';
import { FALLBACK_THANKS, fallbackScript } from '../../../shared/text/fallback.ts';
import { collapseWhitespace } from '../../../shared/text/prepare-script-text.ts';
import type { Logger } from '../../lib/logger.ts';
import { streamChat } from './chat-stream.ts';
import { articleFallbackTitle, createFallbackScriptWriter } from './fallback-writer.ts';
import { NO_SCRIPT_WRITER_REASON } from '../../../shared/podcast/status-labels.ts';
import { createOpenAiClient, describeProviderError, ProviderAnswerError } from './openai-client.ts';
import { writeLongForm } from './long-form.ts';
import { scriptWithoutAi, templateSentences } from './mode-fallback.ts';
import { scriptPrompt, titlePrompt, type ChatPrompt } from './prompts.ts';
import { guessKinds } from './read-script.ts';
import { SOURCE_HEADING } from './episode-sources.ts';
import { createScriptStream, sentencesStream } from './script-stream.ts';
import { createSentenceCutter, scriptSentences } from './sentence-cutter.ts';
import { LINE_KIND, type Article, type ScriptPlan, type ScriptSentence, type ScriptStream, type ScriptWriter, type WriteOptions } from './types.ts';

export interface ScriptWriterOptions {
  apiKey: string | undefined;
  /** Any OpenAI-compatible API, e.g. `http://127.0.0.1:8080/v1`; OpenAI's when unset. */
  baseUrl: string | undefined;
  /** gpt-3.5-turbo when unset. */
  model: string | undefined;
  logger: Logger;
  /**
   * Longest wait, retries included, for the title and for the script's first words; then the
   * longest silence between two pieces of the script. Past it the fallback is used.
   */
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

  const reasonOf = (error: unknown, timedOut: boolean) =>
    describeProviderError(error, SERVICE, { timedOut, timeoutMs });
  const warn = (part: 'script' | 'title', reason: string, error: unknown, cutShort = false) =>
    logger.warn(
      cutShort
        ? 'the AI stopped partway through the script, ending it with the closing line'
        : 'the AI could not write the podcast, using the template',
      { code: 'AI_ERROR', part, reason, error },
    );

  /** The AI's title, or why there is none; never rejects. */
  const askTitle = async (article: Article, signal: AbortSignal | undefined, plan?: ScriptPlan): Promise<Outcome<string>> => {
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      // An episode in another language than the article's is named in its own.
      const language = plan?.articleLanguage ? plan.language : undefined;
      const answer = await ask(client, model, titlePrompt(article, language), signal ? AbortSignal.any([signal, deadline]) : deadline);
      return { value: tidyTitle(answer.content) };
    } catch (error) {
      // The script's side rejects with the abort; this failure is never shown.
      if (signal?.aborted) return { failure: 'cancelled' };
      const reason = reasonOf(error, deadline.aborted && isAbort(error));
      warn('title', reason, error);
      return { failure: reason };
    }
  };

  /**
   * Streams the AI's script into `emit`. When the AI fails before any sentence, the template's
   * sentences stand in; after some, the template's closing line ends what was said.
   */
  const writeScript = async (
    article: Article,
    signal: AbortSignal | undefined,
    emit: (sentence: ScriptSentence) => void,
  ): Promise<ScriptFailure | null> => {
    const cutter = createSentenceCutter();
    const started = Date.now();
    let firstSentenceMs: number | null = null;
    let given = 0;
    const give = (sentences: ScriptSentence[]) => {
      if (sentences.length > 0) firstSentenceMs ??= Date.now() - started;
      for (const sentence of sentences) emit(sentence);
      given += sentences.length;
    };
    try {
      const { truncated } = await streamChat(client, {
        model,
        prompt: scriptPrompt(article),
        signal,
        idleMs: timeoutMs,
        service: SERVICE,
        onText: (text) => give(cutter.push(text)),
      });
      give(cutter.end({ truncated }));
      if (given === 0) throw new ProviderAnswerError(`The ${SERVICE} answered with an empty script`);
      logger.debug('the AI wrote the script', { sentences: given, firstSentenceMs, totalMs: Date.now() - started });
      return null;
    } catch (error) {
      // The caller gave up on this podcast: there is no one to give a fallback to.
      if (signal?.aborted) throw signal.reason;
      const reason = reasonOf(error, isAbort(error));
      if (given === 0) {
        warn('script', reason, error);
        scriptSentences(fallbackScript(article.text)).forEach(emit);
        return { reason, cutShort: false };
      }
      warn('script', reason, error, true);
      emit({ text: FALLBACK_THANKS, paragraph: cutter.nextParagraph() });
      return { reason, cutShort: true };
    }
  };

  /** One request's whole answer, streamed so a slow model is not cut while it writes. */
  const complete = async (prompt: ChatPrompt, signal: AbortSignal | undefined) => {
    let text = '';
    const { truncated } = await streamChat(client, { model, prompt, signal, idleMs: timeoutMs, service: SERVICE, onText: (t) => (text += t) });
    return { text, truncated };
  };

  /**
   * A planned script (podcast, brief, conversation) written section by section into `emit`. When the
   * AI fails before any section, the template's paragraphs at the plan's length stand in; after some,
   * the frame's thanks ends what was said. What stood in for the model's words is the result's reason.
   */
  const writePlanned = async (
    article: Article,
    plan: ScriptPlan & { mode: 'podcast' | 'brief' | 'conversation' },
    signal: AbortSignal | undefined,
    emit: (sentence: ScriptSentence) => void,
  ): Promise<ScriptFailure | null> => {
    const paragraphs = article.text.split('\n').map((p) => p.trim()).filter(Boolean);
    // The stored kinds fit when the script text is the stored text, whitespace collapsed (a table's cells are tab-separated there).
    // Several sources: each starts under its heading line (episode-sources.ts), and sections start there.
    const kinds = plan.sources
      ? paragraphs.map((p) => (SOURCE_HEADING.test(p) ? LINE_KIND.heading : LINE_KIND.text)).join('')
      : plan.source?.lines && collapseWhitespace(plan.source.text) === article.text
        ? plan.source.lines
        : guessKinds(paragraphs);
    const headings = new Set(paragraphs.flatMap((_, i) => (kinds[i] === LINE_KIND.heading ? [i] : [])));
    const started = Date.now();
    const written = await writeLongForm({
      title: article.title,
      paragraphs,
      headings,
      kinds,
      targetWords: plan.targetWords ?? 900,
      ...(plan.pace ? { pace: plan.pace } : {}),
      context: {
        mode: plan.mode,
        language: plan.language,
        ...(plan.hosts ? { hosts: plan.hosts } : {}),
        ...(plan.sources ? { sources: plan.sources } : {}),
        ...(plan.focus ? { focus: plan.focus } : {}),
        ...(plan.articleLanguage ? { articleLanguage: plan.articleLanguage } : {}),
        ...(plan.pageKind ? { pageKind: plan.pageKind } : {}),
      },
      // The title's request is one of the plan's.
      maxRequests: (plan.maxRequests ?? DEFAULT_MAX_REQUESTS) - 1,
      ...(plan.note ? { note: plan.note } : {}),
      complete: (prompt) => complete(prompt, signal),
      emit,
      withoutAi: () => templateSentences(article, plan),
      ...(signal ? { signal } : {}),
    });
    logger.debug('the AI wrote the script', { mode: plan.mode, ...written, failure: undefined, targetWords: plan.targetWords, totalMs: Date.now() - started });
    if (written.failure) {
      const reason = reasonOf(written.failure.error, isAbort(written.failure.error));
      warn('script', reason, written.failure.error, written.failure.cutShort);
      return { reason, cutShort: written.failure.cutShort, notes: written.notes };
    }
    return written.notes.length ? { reason: '', cutShort: false, notes: written.notes } : null;
  };

  const stream = (article: Article, { signal, plan }: WriteOptions = {}): ScriptStream => {
    // Read mode reads the article itself: nothing to ask an AI, the page's own title.
    if (plan?.mode === 'read') {
      return sentencesStream(scriptWithoutAi(article, plan), { title: articleFallbackTitle(article), fallbackReason: null }, { signal });
    }
    const title = askTitle(article, signal, plan);
    return createScriptStream({
      signal,
      title: title.then((outcome) => outcome.value ?? ''),
      write: async (emit) => {
        const script =
          plan && plan.mode !== 'read'
            ? await writePlanned(article, { ...plan, mode: plan.mode }, signal, emit)
            : await writeScript(article, signal, emit);
        const written = await title;
        signal?.throwIfAborted();
        return {
          title: written.value ?? articleFallbackTitle(article),
          fallbackReason: combineReasons(script, written.failure ?? null),
        };
      },
    });
  };

  return {
    stream,
    async write(article, options) {
      return stream(article, options).result;
    },
  };
}

type Outcome<T> = { value: T; failure?: undefined } | { value?: undefined; failure: string };

interface ScriptFailure {
  /** Why the AI's request failed; '' when none failed. */
  reason: string;
  /** Some of the AI's script was said before it failed. */
  cutShort: boolean;
  /** What else stood in for the model's words (parts read from the article). */
  notes?: string[];
}

/** Requests a planned script may make when its plan does not say (the title's included). */
const DEFAULT_MAX_REQUESTS = 10;

/** One chat request answered whole, its content checked. */
export async function ask(client: OpenAI, model: string, prompt: ChatPrompt, signal: AbortSignal) {
  const raw: unknown = await client.chat.completions.create(
    { model, messages: prompt.messages, temperature: prompt.temperature, max_tokens: prompt.maxTokens },
    { signal },
  );
  const parsed = completionSchema.safeParse(raw);
  if (!parsed.success) throw new ProviderAnswerError(`The ${SERVICE} sent an answer that could not be read`);
  const choice = parsed.data.choices[0]!;
  return { content: choice.message.content ?? '' };
}

/** The first non-empty line, without a "Title:" label, cleaned by the shared title rule. */
export function tidyTitle(content: string): string {
  const line = content.split(/\r?\n/).map((l) => l.trim()).find(Boolean) ?? '';
  const title = cleanTitle(line.replace(/^\W*title\s*:\s*/i, ''));
  if (!title) throw new ProviderAnswerError(`The ${SERVICE} answered with an empty title`);
  return title;
}

function combineReasons(script: ScriptFailure | null, title: string | null): string | null {
  const cut = script?.reason && script.cutShort ? `The script was cut short: ${script.reason}.` : null;
  const notes = (script?.notes ?? []).map((note) => `${note}.`);
  const failures = [
    ...(script?.reason && !script.cutShort ? [{ part: 'Script', reason: script.reason }] : []),
    ...(title ? [{ part: 'Title', reason: title }] : []),
  ];
  // Both parts failed alike (no connection, rate limit): one reason says it all.
  if (!cut && notes.length === 0 && failures.length === 2 && failures[0]!.reason === failures[1]!.reason) return failures[0]!.reason;
  if (!cut && notes.length === 0 && failures.length === 0) return null;
  return [cut, ...failures.map((f) => `${f.part}: ${f.reason}.`), ...notes].filter(Boolean).join(' ');
}

function isAbort(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return true;
  if (error instanceof APIError) return false;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
