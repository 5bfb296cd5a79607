/**
 * The conversion as a list of stages: fetch or receive → extract → prepare → script → speech →
 * store. Each stage does one step through a port, so the server and the CLI run the same list with
 * their own fetcher, extractor, writer, voice and audio storage.
 */
import type { CreateFromOne, WithFiles } from '../../shared/api/podcasts.ts';
import type { PodcastMode } from '../../shared/constants.ts';
import { CONTENT_MESSAGES } from '../../shared/errors.ts';
import { pageTitle } from '../../shared/text/clean-title.ts';
import { detectLanguage } from '../../shared/text/language.ts';
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';
import { AppError } from '../errors.ts';
import type { ExtractionResult } from '../machinery/extract/extract-article.ts';
import type { ReceivedFile } from '../machinery/upload/read-form.ts';
import type { EncoderPool } from '../machinery/audio/episode-encoder.ts';
import type { VoiceGain } from '../machinery/audio/loudness.ts';
import type { ScriptResult, ScriptSentence, ScriptStream, ScriptWriter } from '../machinery/script/types.ts';
import { parseScript } from '../machinery/script/script-format.ts';
import { planScript } from './script-plan.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { speakEpisode, type EpisodeResume, type EpisodeSegment } from '../machinery/speech/episode.ts';
import { baseLanguage, hostVoices } from '../machinery/speech/language-voices.ts';
import { withParagraphLanguages } from '../machinery/speech/paragraph-languages.ts';
import type { AnyStage, Stage } from './stage.ts';
import { sourcesForModel } from '../machinery/script/episode-sources.ts';
import type { SourcePart } from '../machinery/script/types.ts';
import { SECTION_INPUT_CHARS } from '../machinery/script/mode-prompts.ts';

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
  /** When the page lists other pages rather than being an article: how many. */
  listing?: number | null;
  /** The site's name, as the page gives it. */
  siteName?: string | null;
  /** An episode of several sources: where each one's lines are in `text` (a chapter each). */
  sources?: SourcePart[] | null;
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

/** The rate assumed for a voice not measured (a test's engine). */
export const ASSUMED_WORDS_PER_MINUTE = 160;

/** A voice's words per minute: measured, else assumed (asking starts the measurement unless `measure` is false). */
export async function voiceRate(ports: Pick<PipelinePorts, 'wordsPerMinute'>, voice: string, measure = true): Promise<number> {
  return (await ports.wordsPerMinute?.(voice, { measure })) ?? ASSUMED_WORDS_PER_MINUTE;
}

/** The rate of the voice that will speak an article in `language`, given the voice asked for. */
export function hostRate(
  ports: Pick<PipelinePorts, 'wordsPerMinute'> & { speech: Pick<PipelinePorts['speech'], 'name' | 'defaultVoice' | 'naturalVoices'> },
  language: string,
  voice: string | null,
): Promise<number> {
  const natural = ports.speech.naturalVoices?.(baseLanguage(language));
  return voiceRate(ports, hostVoices(ports.speech.name, language, voice, ports.speech.defaultVoice, natural).host);
}

/** Faults an AppError names are answers (an unreadable page): trying again gives the same one. */
const notAnAnswer = (error: unknown) => !(error instanceof AppError);

export function fetchStage(ports: Pick<PipelinePorts, 'fetchPage'>): Stage<Source, Page | Article> {
  return {
    name: 'fetch',
    async run(source, { signal }) {
      if ('url' in source) return ports.fetchPage(source.url, signal);
      if ('file' in source) return { pdf: source.file.bytes, url: source.sourceUrl ?? '', name: source.file.name };
      // Received: the extension already read the article.
      return { title: pageTitle(source.title), text: source.text.replace(/\r\n?/g, '\n'), sourceUrl: source.sourceUrl, lines: source.lines ?? null };
    },
    retryable: notAnAnswer,
  };
}

export function extractStage(ports: Pick<PipelinePorts, 'extract'>): Stage<Page | Article, Article> {
  return {
    name: 'extract',
    async run(input) {
      if (!('url' in input)) return input;
      const article = await ports.extract(input);
      // The page's own title, whole (its site name removed); a file's name when its PDF gives none.
      const fileName = 'name' in input && input.name ? input.name.replace(/\.pdf$/i, '') : '';
      return {
        title: pageTitle(article.title ?? '', article.siteName) || pageTitle(fileName),
        text: article.text,
        sourceUrl: input.url,
        declaredLanguage: article.lang,
        byline: article.byline,
        siteName: article.siteName ?? null,
        lines: article.lines ?? null,
        ...(article.pages ? { pages: article.pages } : {}),
        ...(article.listing ? { listing: article.listing } : {}),
      };
    },
    retryable: () => false,
  };
}

export function prepareStage(): Stage<Article, PreparedArticle> {
  return {
    name: 'prepare',
    async run(article) {
      const scriptText = prepareScriptText(article.text);
      // Readable means words: symbols and emoji alone are not an article.
      if (!/[\p{L}\p{N}]/u.test(scriptText)) throw new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.noReadableContent });
      return { ...article, scriptText, language: await detectLanguage(article.text, article.declaredLanguage) };
    },
    retryable: () => false,
  };
}

/** How an episode tells its article when the article does not say (the CLI's choice; a server job's article always does). */
export interface Telling {
  mode: PodcastMode;
  minutes: number | null;
}

export function scriptStage(
  ports: Pick<PipelinePorts, 'scriptWriter' | 'speech' | 'wordsPerMinute'>,
  voice: string | null = null,
  telling: Telling = { mode: 'podcast', minutes: null },
): Stage<PreparedArticle, ScriptSource> {
  return {
    name: 'script',
    // The script is spoken as it is written: this stage starts the writing, speech reads it.
    // The writer falls back to a template itself when the AI fails, so its errors are the server's own.
    run: async (article, { signal }) => {
      const plan = planScript({
        mode: article.mode ?? telling.mode,
        minutes: article.minutes ?? telling.minutes,
        language: article.language,
        text: article.text,
        lines: article.lines ?? null,
        byline: article.byline ?? null,
        wordsPerMinute: await hostRate(ports, article.language, voice),
      });
      let text = article.scriptText;
      const parts = article.sources;
      if (parts && parts.length > 1) {
        plan.source = { ...plan.source!, parts };
        if (plan.mode !== 'read') {
          // The model reads every source, each cut to its share of what the plan's requests carry.
          const sections = Math.max(1, (plan.maxRequests ?? 4) - 2);
          text = prepareScriptText(sourcesForModel(article.text, parts, sections * SECTION_INPUT_CHARS).text);
          plan.sources = parts.length;
        }
      }
      return {
        stream: ports.scriptWriter.stream({ title: article.title, text }, { signal, plan }),
        language: article.language,
        ...(plan.hosts ? { hosts: plan.hosts } : {}),
      };
    },
    retryable: () => false,
  };
}

/**
 * Each conversation host's voice: the first the episode's, the second another of its language; a
 * sentence in another language (a source of an episode of several, a paragraph of the article in another
 * language) the host voice of its language.
 */
function speakerVoices(source: ScriptSource, voices: { host: string; guest: string }, voiceOf: (language: string) => string) {
  const [first, second] = source.hosts ?? [];
  return (sentence: ScriptSentence): ScriptSentence => {
    if (sentence.language && !sentence.voice) return { ...sentence, voice: voiceOf(sentence.language) };
    if (!sentence.speaker) return sentence;
    const voice = sentence.speaker === second ? voices.guest : sentence.speaker === first ? voices.host : null;
    return voice ? { ...sentence, voice } : sentence;
  };
}

async function* mapSentences(sentences: AsyncIterable<ScriptSentence> | Iterable<ScriptSentence>, map: (s: ScriptSentence) => ScriptSentence) {
  for await (const sentence of sentences) yield map(sentence);
}

export function speechStage(
  ports: Pick<PipelinePorts, 'speech' | 'encoders' | 'gainDb' | 'openEpisode' | 'scriptWritten' | 'titleWritten'>,
  /** The voice asked for, or null for the engine's default. */
  voice: string | null,
): Stage<ScriptSource, Speech> {
  return {
    name: 'speech',
    async run(source, { signal }) {
      // The member's voice (kept on the podcast); the engine speaks the article's language (espeak
      // switches to a voice of it, an OpenAI-compatible voice speaks it as it is).
      const chosen = voice ?? ports.speech.defaultVoice;
      const language = source.language ?? 'en';
      const natural = ports.speech.naturalVoices?.(baseLanguage(language));
      const voices = hostVoices(ports.speech.name, language, voice, ports.speech.defaultVoice, natural);
      const spoken = voices.host;
      const sink = await ports.openEpisode(chosen);
      let written: Promise<void> = Promise.resolve();
      if ('stream' in source) {
        void source.stream.title.then((title) => (title ? ports.titleWritten(title) : undefined)).catch(() => {});
        written = source.stream.result.then((result) => ports.scriptWritten(result));
        written.catch(() => {}); // awaited below, once speech ends
      }
      // What was stored before a failure stays: playable, and where another attempt resumes.
      let result: Awaited<ReturnType<typeof speakEpisode>>;
      try {
        result = await speakEpisode({
          engine: ports.speech,
          voice: spoken,
          language,
          sentences: mapSentences(
            // a paragraph read from the article in another language is spoken in it (a front page's teaser)
            withParagraphLanguages(
              'stream' in source ? source.stream.sentences : (source.sentences ?? parseScript(source.written.script, source.hosts)),
              language,
            ),
            speakerVoices(source, voices, (other) =>
              baseLanguage(other) === baseLanguage(language)
                ? spoken
                : hostVoices(ports.speech.name, other, voice, ports.speech.defaultVoice, ports.speech.naturalVoices?.(baseLanguage(other))).host,
            ),
          ),
          encoders: ports.encoders,
          gainDb: ports.gainDb(spoken),
          resume: sink.resume,
          onSegment: (segment) => sink.segment(segment),
          signal,
        });
      } catch (err) {
        // A script written by then is kept, so another attempt speaks it rather than writing anew.
        await written.catch(() => {});
        throw err;
      }
      await written;
      return { key: sink.key, segments: result.segments, bytes: result.bytes, durationMs: Math.round(result.durationMs), voice: chosen };
    },
    // A provider that refuses for good (a wrong key) is not worth another attempt; any other fault is.
    retryable: (error) => (error as { retryable?: boolean }).retryable !== false,
  };
}

export function storeStage(ports: Pick<PipelinePorts, 'storeAudio'>): Stage<Speech, Speech> {
  return {
    name: 'store',
    async run(speech) {
      await ports.storeAudio(speech);
      return speech;
    },
    retryable: () => true,
  };
}

/** The ports a job run needs besides those tied to its podcast row. */
export type ServerPipeline = Omit<PipelinePorts, 'storeAudio' | 'openEpisode' | 'scriptWritten' | 'titleWritten'>;

export type IntakePorts = Pick<PipelinePorts, 'fetchPage' | 'extract'>;

/** The stages that read the article: a request runs them while it waits, so their errors answer it. */
export function intakeStages(ports: IntakePorts): AnyStage[] {
  return [fetchStage(ports), extractStage(ports), prepareStage()];
}

/** The whole conversion, in order. Adding a stage is one line here and its own small function. */
export function conversionStages(ports: PipelinePorts, voice: string | null, telling?: Telling): AnyStage[] {
  return [...intakeStages(ports), scriptStage(ports, voice, telling), speechStage(ports, voice), storeStage(ports)];
}
