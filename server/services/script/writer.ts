/**
 * The script writer turns an article into a podcast script and a title. With no AI configured, or
 * when the AI fails, it answers a template script and the page's title and says why (`fallbackReason`).
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

export interface ScriptWriter {
  write(article: Article, options?: { signal?: AbortSignal }): Promise<ScriptResult>;
}
