/**
 * A ScriptStream fed by a writer as it goes. The writer starts at once, not when someone reads:
 * sentences are kept in order, and every reader of `sentences` gets all of them from the first.
 * An abort ends every reader with the abort's reason, even with sentences still unread.
 */
import { formatScript } from './script-format.ts';
import { scriptSentences } from './sentence-cutter.ts';
import type { Article, ScriptResult, ScriptSentence, ScriptStream, ScriptWriter } from './types.ts';

export interface ScriptStreamSource {
  signal?: AbortSignal | undefined;
  /** Settles with the title, '' when none was written; must never reject. */
  title: Promise<string>;
  /** Gives out the sentences through `emit`; resolves with the title and the reason once all are out. */
  write(emit: (sentence: ScriptSentence) => void): Promise<Omit<ScriptResult, 'script'>>;
}

export function createScriptStream({ signal, title, write }: ScriptStreamSource): ScriptStream {
  const sentences: ScriptSentence[] = [];
  let done = false;
  let failure: { error: unknown } | null = null;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resume of woken) resume();
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    wake();
  };
  // The result does not wait for a writer slow to notice the abort.
  let rejectAborted!: (reason: unknown) => void;
  const aborted = new Promise<never>((_, reject) => (rejectAborted = reject));
  aborted.catch(() => undefined);
  const onAbort = () => {
    fail(signal!.reason);
    rejectAborted(signal!.reason);
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  const result = (async (): Promise<ScriptResult> => {
    try {
      signal?.throwIfAborted();
      const writing = write((sentence) => {
        if (failure) return;
        sentences.push(sentence);
        wake();
      });
      const rest = await Promise.race([writing, aborted]);
      done = true;
      wake();
      return { ...rest, script: formatScript(sentences) };
    } catch (error) {
      fail(error);
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  })();
  // A reader may use only the sentences; the failure reaches it through them.
  result.catch(() => undefined);

  return {
    sentences: {
      async *[Symbol.asyncIterator]() {
        for (let next = 0; ; next++) {
          while (!failure && next >= sentences.length && !done) {
            await new Promise<void>((resume) => waiting.push(resume));
          }
          if (failure) throw failure.error;
          if (next >= sentences.length) return;
          yield sentences[next]!;
        }
      },
    },
    title,
    result,
  };
}

/** The template script's sentences, all at once. */
export function templateScriptStream(
  written: ScriptResult,
  { signal }: { signal?: AbortSignal | undefined } = {},
): ScriptStream {
  return createScriptStream({
    signal,
    title: Promise.resolve(''),
    write: async (emit) => {
      scriptSentences(written.script).forEach(emit);
      return { title: written.title, fallbackReason: written.fallbackReason };
    },
  });
}

/** Sentences already made (read mode, a template by mode), all at once. */
export function sentencesStream(
  sentences: readonly ScriptSentence[],
  rest: Omit<ScriptResult, 'script'>,
  { signal }: { signal?: AbortSignal | undefined } = {},
): ScriptStream {
  return createScriptStream({
    signal,
    title: Promise.resolve(''),
    write: async (emit) => {
      sentences.forEach(emit);
      return rest;
    },
  });
}

/**
 * A script writer from one that writes the whole script at once: its stream gives the sentences,
 * and the title, when the script is written.
 */
export function wholeScriptWriter(write: ScriptWriter['write']): ScriptWriter {
  return {
    write,
    stream(article: Article, options = {}) {
      const written = write(article, options);
      return createScriptStream({
        signal: options.signal,
        title: written.then((r) => r.title, () => ''),
        write: async (emit) => {
          const { script, title, fallbackReason } = await written;
          scriptSentences(script).forEach(emit);
          return { title, fallbackReason };
        },
      });
    },
  };
}
