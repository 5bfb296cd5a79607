/**
 * The script writer turns an article into a podcast script and a title. With no AI configured, or
 * when the AI fails, it answers a template script and the page's title and says why (`fallbackReason`).
 * `stream` gives the script sentence by sentence while it is written, so speech can start at once.
 * The script's types live here, below every file of script/, so none imports another for a type.
 */
import type { PodcastMode } from '../../../shared/constants.ts';
import type { PageKind } from '../../../shared/extract/page-kind.ts';

export interface Article {
  title: string;
  /** The prepared article text, one paragraph per line. */
  text: string;
}

/** How a script tells its article: the mode, its length in words, the article's shape and language. */
export interface ScriptPlan {
  mode: PodcastMode;
  /** Words the script should have (podcast, brief, conversation); null in read mode. */
  targetWords: number | null;
  /** The pace (spoken-length.ts) `targetWords` are counted at: a script of other words is weighed by its own. */
  pace?: number;
  /** The article's language (ISO 639-1); the script is written in it. */
  language: string;
  /** The two hosts' names in conversation mode: the first opens, they alternate. */
  hosts?: readonly [string, string];
  /** Said after the welcome: why the episode is shorter than asked (the article is short). */
  note?: string;
  /** The most requests an AI may make for this script, the title's included. */
  maxRequests?: number;
  /** Read mode: the article as stored (lines as extracted), with a kind per line, and its byline. */
  source?: { text: string; lines: string | null; byline: string | null; parts?: readonly SourcePart[] };
  /** An episode of several sources: how many, so the script connects them rather than telling each apart. */
  sources?: number;
  /** What the listener cares about: the model weighs the article toward it (given as data). */
  focus?: string;
  /** The article's own language when the script is written in another (`language`). */
  articleLanguage?: string;
  /** The kind of page when it is not an article: the script tells a thread, a listing or a product as one. */
  pageKind?: PageKind;
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
  /** The host who says it, as the transcript names them (conversation). */
  speaker?: string;
  /** The voice that speaks it; the episode's voice when unset. */
  voice?: string;
  /** The title of the chapter that starts at this sentence. */
  chapter?: string;
  /** Read mode: the 0-based line of the stored article text it was read from. */
  sourceParagraph?: number;
  /** Shown in the transcript after this sentence and never spoken: a code block or a long table as written, lines joined by '\n'. */
  shown?: string;
  /** The language it is spoken in, when not the episode's (a source of an episode of several). */
  language?: string;
}

export interface ScriptStream {
  /** The script's sentences in order, each yielded as soon as it is complete. */
  sentences: AsyncIterable<ScriptSentence>;
  /** The title (asked in parallel); '' when none was written. Never rejects. */
  title: Promise<string>;
  /** The whole result once the sentences are exhausted: script (paragraphs joined by '\n', sentences by ' ', exactly what was yielded), title, fallbackReason. */
  result: Promise<ScriptResult>;
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** How to tell it; without one, a podcast of the writer's default length. */
  plan?: ScriptPlan;
}

export interface ScriptWriter {
  write(article: Article, options?: WriteOptions): Promise<ScriptResult>;
  stream(article: Article, options?: WriteOptions): ScriptStream;
}

/** Line kinds, one letter each (the stored article structure). */
export const LINE_KIND = {
  text: 'p',
  heading: 'h',
  item: 'i',
  quote: 'q',
  row: 'r',
  caption: 'c',
  code: 'x',
  /** A data table's header row, its rows, and a table's caption (read before it). */
  headerRow: 't',
  dataRow: 'd',
  tableCaption: 'n',
} as const;

/** One source's place in the episode's stored text, and what is said of it. */
export interface SourcePart {
  title: string;
  url: string | null;
  author: string | null;
  /** The site as a listener names it, when known. */
  site: string | null;
  language: string;
  firstLine: number;
  lineCount: number;
}
