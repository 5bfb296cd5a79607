/**
 * One chat request answered as a stream of text. A stream has no single deadline: the model may
 * take as long as it needs, but never longer than `idleMs` in silence (before its first piece, retries
 * included, or between two pieces), so a stalled provider is noticed without cutting a slow one.
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import { ProviderAnswerError } from './openai-client.ts';
import type { ChatPrompt } from './prompts.ts';

const chunkSchema = z.object({
  choices: z.array(
    z.object({
      delta: z.object({ content: z.string().nullish() }).nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
});

export interface ChatStreamOptions {
  model: string;
  prompt: ChatPrompt;
  /** The caller's signal: aborting it cancels the request and rejects with its reason. */
  signal: AbortSignal | undefined;
  /** Longest silence before the request is given up with a TimeoutError. */
  idleMs: number;
  /** Names the provider in errors ("AI service"). */
  service: string;
  onText(text: string): void;
}

/** Streams the answer into `onText`; resolves once the model says it is done, and whether the token limit cut it. */
export async function streamChat(
  client: OpenAI,
  { model, prompt, signal, idleMs, service, onText }: ChatStreamOptions,
): Promise<{ truncated: boolean }> {
  const silence = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(() => silence.abort(new DOMException('The AI stream went silent', 'TimeoutError')), idleMs);
  };
  const combined = signal ? AbortSignal.any([signal, silence.signal]) : silence.signal;
  heard();
  try {
    const stream = await client.chat.completions.create(
      {
        model,
        messages: prompt.messages,
        temperature: prompt.temperature,
        max_tokens: prompt.maxTokens,
        stream: true,
      },
      { signal: combined },
    );
    let finish: string | null = null;
    for await (const raw of stream) {
      heard();
      const chunk = chunkSchema.safeParse(raw);
      if (!chunk.success) throw new ProviderAnswerError(`The ${service} sent an answer that could not be read`);
      const choice = chunk.data.choices[0];
      if (choice?.delta?.content) onText(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
    }
    // The SDK ends an aborted stream quietly, as if it were complete.
    combined.throwIfAborted();
    if (finish === null) throw new ProviderAnswerError(`The connection to the ${service} broke off`);
    return { truncated: finish === 'length' };
  } catch (error) {
    // Whatever the SDK made of an abort, the caller hears the abort's own reason.
    if (combined.aborted) throw combined.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
