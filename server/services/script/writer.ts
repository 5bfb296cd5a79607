/**
 * The script writer turns an article into a podcast script and a title. With no AI configured, or
 * when the AI fails, it answers a template script and the page's title and says why (`fallbackReason`).
 * `stream` gives the script sentence by sentence while it is written, so speech can start at once.
 */
export interface Article {
  title: string;
  /** The prepared article text, one paragraph per line. */
  text: string;
}

export interface ScriptResult {
  title: string;
  script: string;
  /** Null when the AI wrote both; otherwise why the fallback was used. */
  fallbackReason: string | null;
}

export interface ScriptSentence {
  text: string;
  /** 0-based paragraph of the script this sentence belongs to */
  paragraph: number;
}

export interface ScriptStream {
  /** The script's sentences in order, each yielded as soon as it is complete. */
  sentences: AsyncIterable<ScriptSentence>;
  /** The title (asked in parallel); '' when none was written. Never rejects. */
  title: Promise<string>;
  /** The whole result once the sentences are exhausted: script (paragraphs joined by '\n', sentences by ' ', exactly what was yielded), title, fallbackReason. */
  result: Promise<ScriptResult>;
}

export interface ScriptWriter {
  write(article: Article, options?: { signal?: AbortSignal }): Promise<ScriptResult>;
  stream(article: Article, options?: { signal?: AbortSignal }): ScriptStream;
}
