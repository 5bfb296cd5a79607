/**
 * The pipeline's types and ports in one place. A stage turns its input into its output and says
 * which of its errors are worth another attempt; stages reach the outside world only through
 * PipelinePorts, so the server (server-ports.ts, plus the podcast's row: podcast-record.ts,
 * episode-sink.ts) and the CLI (server/cli/cli-pipeline.ts) run the same list with their own ports.
 */
import type { CreateFromOne } from '../../shared/api/podcasts.ts';
import type { WithFiles } from '../../shared/api/podcast-files.ts';
import type { PodcastMode } from '../../shared/constants.ts';
import type { PageKind } from '../../shared/extract/page-kind.ts';
import type { EncoderPool } from '../machinery/audio/episode-encoder.ts';
import type { VoiceGain } from '../machinery/audio/loudness.ts';
import type { ExtractionResult } from '../machinery/extract/extract-article.ts';
import type { ScriptResult, ScriptSentence, ScriptStream, ScriptWriter, SourcePart } from '../machinery/script/types.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import type { EpisodeResume, EpisodeSegment } from '../machinery/speech/episode.ts';
import type { ReceivedFile } from '../machinery/upload/read-form.ts';

export type StageName = 'fetch' | 'extract' | 'prepare' | 'script' | 'speech' | 'store';

export interface StageContext {
  signal: AbortSignal;
  /** Reports how far the stage is (done of total parts), for progress bars. */
  progress(done: number, total: number): Promise<void>;
}

export interface Stage<In, Out> {
  readonly name: StageName;
  run(input: In, ctx: StageContext): Promise<Out>;
  /** Whether a failure of this stage may succeed on another attempt of the job. */
  retryable(error: unknown): boolean;
}

/** Where a run keeps the stages' outputs. */
export interface StageRecord {
  /** The output an earlier run saved for this stage, or undefined when the stage must run. */
  load(stage: StageName): Promise<unknown>;
  /** Keeps the stage's output before the next stage starts. */
  save(stage: StageName, output: unknown): Promise<void>;
  /** The stage is about to run (a job shows its status). */
  started(stage: StageName): Promise<void>;
  progress(stage: StageName, done: number, total: number): Promise<void>;
}

// Stages are typed one by one; the list holds them as links of one chain.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStage = Stage<any, any>;

/** What a conversion starts from: a page address, a PDF file (its bytes, as received), or an article the extension already read. */
export type Source = WithFiles<CreateFromOne, ReceivedFile>;

/** A web page's HTML, or a PDF's bytes (`name`: the file's, when it came as a file); `url` where it came from ('' for a file). */
export type Page = { html: string; url: string } | { pdf: Uint8Array; url: string; name?: string };

/** The article as read from the page, one paragraph per line. */
export interface Article {
  title: string;
  text: string;
  sourceUrl: string;
  /** The language the page declares (its lang), if any. */
  declaredLanguage?: string | null;
  /** How the episode tells it and the length asked (a podcast of the default length when unset). */
  mode?: PodcastMode;
  minutes?: number | null;
  /** A kind letter per line of `text` (read-script.ts LINE_KIND), when the extraction knew them. */
  lines?: string | null;
  byline?: string | null;
  /** A PDF's page count. */
  pages?: number | null;
  /** The words in `text`: a page's and a PDF's as the extraction worker counted them, text sent as prepare counted it. */
  words?: number | null;
  /** When the page lists other pages rather than being an article: how many. */
  listing?: number | null;
  /** The kind of page when it is not an article (a forum thread, a listing, a product...): the script tells it as one. */
  pageKind?: PageKind | null;
  /** The site's name, as the page gives it. */
  siteName?: string | null;
  /** An episode of several sources: where each one's lines are in `text` (a chapter each). */
  sources?: SourcePart[] | null;
  /** What the listener asked the episode to weigh (the modes an AI writes). */
  focus?: string | null;
  /** The article's own language when the episode is made in another (then `language` is the episode's). */
  articleLanguage?: string | null;
}

export interface PreparedArticle extends Article {
  /** The text as the script writer reads it. */
  scriptText: string;
  /** The article's language, ISO 639-1: the script is written and spoken in it. */
  language: string;
}

export interface Speech {
  /** The episode's key in the audio storage; the store stage makes it the podcast's. */
  key: string;
  /** Segments stored, their total size and playing time. */
  segments: number;
  bytes: number;
  durationMs: number;
  voice: string;
}

/**
 * The script: already written (stored by an earlier run, or the CLI's), or being written as it is
 * spoken; with the article's language, which picks the voice.
 */
export type ScriptSource = ({ written: ScriptResult } | { stream: ScriptStream }) & {
  language?: string;
  /** The hosts a conversation's lines name; the written script's sentences when known whole (read mode). */
  hosts?: readonly string[];
  sentences?: ScriptSentence[];
};

/** Where one run of speech stores its episode, and where an earlier run left it. */
export interface EpisodeSink {
  key: string;
  resume: EpisodeResume;
  segment(segment: EpisodeSegment): Promise<void>;
}

export interface PipelinePorts {
  fetchPage(url: string, signal: AbortSignal): Promise<Page>;
  /** `owner` (a member or a browser) shares the extraction workers fairly between those asking. */
  extract(page: Page, options?: { owner?: string }): Promise<ExtractionResult>;
  scriptWriter: ScriptWriter;
  speech: SpeechEngine;
  encoders: EncoderPool;
  /** The loudness gain for a voice, in dB. */
  gainDb(voice: string): VoiceGain;
  /** Opens (or reopens, to resume) the episode a voice speaks into. */
  openEpisode(voice: string): Promise<EpisodeSink>;
  /** A streamed script was finished (its whole text and title), before speech ends. */
  scriptWritten(result: ScriptResult): Promise<void>;
  /** A streamed script's title arrived. */
  titleWritten(title: string): Promise<void>;
  /** Keeps the finished audio as the conversion's result. */
  storeAudio(speech: Speech): Promise<void>;
  /** The voice's measured speaking rate, which turns minutes into words; undefined while unmeasured. */
  wordsPerMinute?(voice: string, options?: { measure?: boolean }): Promise<number | undefined>;
}

/** How an episode tells its article when the article does not say (the CLI's choice; a server job's article always does). */
export interface Telling {
  mode: PodcastMode;
  minutes: number | null;
}

/** The ports a job run needs besides those tied to its podcast row. */
export type ServerPipeline = Omit<PipelinePorts, 'storeAudio' | 'openEpisode' | 'scriptWritten' | 'titleWritten'>;

export type IntakePorts = Pick<PipelinePorts, 'fetchPage' | 'extract'>;
