/**
 * The conversion as a list of stages: fetch or receive → extract → prepare → script → speech →
 * store. Each stage does one step through a port, so the server and the CLI run the same list with
 * their own fetcher, extractor, writer, voice and audio storage.
 */
import type { CreatePodcast } from '../../shared/api/podcasts.ts';
import { CONTENT_MESSAGES } from '../../shared/errors.ts';
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';
import { AppError } from '../errors.ts';
import type { ExtractionResult } from '../services/extract/extract-article.ts';
import type { ScriptResult, ScriptWriter } from '../services/script/writer.ts';
import type { SpeechEngine } from '../services/speech/engine.ts';
import { speakEpisode } from '../services/speech/episode.ts';
import type { AnyStage, Stage } from './stage.ts';

/** What a conversion starts from: a page address, or an article the extension already read. */
export type Source = CreatePodcast;

export interface Page {
  html: string;
  url: string;
}

/** The article as read from the page, one paragraph per line. */
export interface Article {
  title: string;
  text: string;
  sourceUrl: string;
}

export interface PreparedArticle extends Article {
  /** The text as the script writer reads it. */
  scriptText: string;
}

export interface Speech {
  /** The new audio file's key in the audio storage; the store stage makes it the podcast's. */
  key: string;
  bytes: number;
  durationMs: number;
  voice: string;
}

export interface PipelinePorts {
  fetchPage(url: string, signal: AbortSignal): Promise<Page>;
  extract(page: Page): Promise<ExtractionResult>;
  scriptWriter: ScriptWriter;
  speech: SpeechEngine;
  /** A new audio file: its key and where to write it. */
  newAudioFile(): { key: string; path: string };
  discardAudio(key: string): Promise<void>;
  /** Keeps the finished audio as the conversion's result. */
  storeAudio(speech: Speech): Promise<void>;
}

/** Faults an AppError names are answers (an unreadable page): trying again gives the same one. */
const notAnAnswer = (error: unknown) => !(error instanceof AppError);

export function fetchStage(ports: Pick<PipelinePorts, 'fetchPage'>): Stage<Source, Page | Article> {
  return {
    name: 'fetch',
    async run(source, { signal }) {
      if ('url' in source) return ports.fetchPage(source.url, signal);
      // Received: the extension already read the article.
      return { title: source.title, text: source.text.replace(/\r\n?/g, '\n'), sourceUrl: source.sourceUrl };
    },
    retryable: notAnAnswer,
  };
}

export function extractStage(ports: Pick<PipelinePorts, 'extract'>): Stage<Page | Article, Article> {
  return {
    name: 'extract',
    async run(input) {
      if (!('html' in input)) return input;
      const article = await ports.extract(input);
      return { title: article.title?.trim() ?? '', text: article.text, sourceUrl: input.url };
    },
    retryable: () => false,
  };
}

export function prepareStage(): Stage<Article, PreparedArticle> {
  return {
    name: 'prepare',
    async run(article) {
      const scriptText = prepareScriptText(article.text);
      if (!scriptText.trim()) throw new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.noReadableContent });
      return { ...article, scriptText };
    },
    retryable: () => false,
  };
}

export function scriptStage(ports: Pick<PipelinePorts, 'scriptWriter'>): Stage<PreparedArticle, ScriptResult> {
  return {
    name: 'script',
    // The writer falls back to a template itself when the AI fails, so its errors are the server's own.
    run: (article, { signal }) => ports.scriptWriter.write({ title: article.title, text: article.scriptText }, { signal }),
    retryable: () => false,
  };
}

export function speechStage(
  ports: Pick<PipelinePorts, 'speech' | 'newAudioFile' | 'discardAudio'>,
  /** The voice asked for, or null for the engine's default. */
  voice: string | null,
): Stage<ScriptResult, Speech> {
  return {
    name: 'speech',
    async run(script, { signal, progress }) {
      const file = ports.newAudioFile();
      const chosen = voice ?? ports.speech.defaultVoice;
      try {
        const result = await speakEpisode({ engine: ports.speech, text: script.script, voice: chosen, outFile: file.path, signal, onProgress: progress });
        return { key: file.key, bytes: result.bytes, durationMs: Math.round(result.durationMs), voice: chosen };
      } catch (err) {
        await ports.discardAudio(file.key).catch(() => {});
        throw err;
      }
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

/** The ports a job run needs besides its own place for the audio (the podcast row). */
export type ServerPipeline = Omit<PipelinePorts, 'storeAudio'>;

export type IntakePorts = Pick<PipelinePorts, 'fetchPage' | 'extract'>;

/** The stages that read the article: a request runs them while it waits, so their errors answer it. */
export function intakeStages(ports: IntakePorts): AnyStage[] {
  return [fetchStage(ports), extractStage(ports), prepareStage()];
}

/** The whole conversion, in order. Adding a stage is one line here and its own small function. */
export function conversionStages(ports: PipelinePorts, voice: string | null): AnyStage[] {
  return [...intakeStages(ports), scriptStage(ports), speechStage(ports, voice), storeStage(ports)];
}
