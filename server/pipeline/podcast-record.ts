/**
 * The stage record of a job's run: the podcast row. The article stored at creation stands for the
 * intake stages, a stored script for the script stage; starting a stage shows its status.
 */
import { PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import { detectLanguage } from '../../shared/text/language.ts';
import { prepareScriptText } from '../../shared/text/prepare-script-text.ts';
import type { PodcastRow } from '../repositories/podcast-repository.ts';
import { readSourcesScript } from '../machinery/script/episode-sources.ts';
import { readScript } from '../machinery/script/read-script.ts';
import type { ScriptSentence } from '../machinery/script/types.ts';
import type { PodcastState } from './podcast-state.ts';
import type { Article, PreparedArticle, StageRecord } from './ports.ts';
import { WRITING_PROGRESS } from './progress.ts';
import { CONVERSATION_HOSTS } from './script-plan.ts';

export function podcastRecord(podcast: PodcastState): StageRecord {
  return {
    async load(stage) {
      const row = podcast.row;
      const article = articleOf(row);
      if (stage === 'fetch' || stage === 'extract') return article;
      // A podcast stored before languages were kept has its language detected from its text.
      const language = row.language ?? (await detectLanguage(article.text));
      if (stage === 'prepare') return { ...article, scriptText: prepareScriptText(article.text), language } satisfies PreparedArticle;
      if (stage === 'script' && podcast.scriptAtStart) {
        return { written: { script: podcast.scriptAtStart, title: '', fallbackReason: row.fallbackReason }, language, ...writtenSentences(row, article) };
      }
      return undefined;
    },
    async started(stage) {
      if (stage === 'script') await podcast.saveAndTell({ status: 'writing', progress: WRITING_PROGRESS, error: null });
      // Progress moves with the audio made from here on (see episode-estimate.ts), not ahead of it.
      if (stage === 'speech') await podcast.saveAndTell({ status: 'speaking', error: null });
    },
    progress: async () => {},
    save: async () => {}, // a streamed script is kept by scriptWritten, once whole
  };
}

function modeOf(mode: string): PodcastMode {
  return (PODCAST_MODES as readonly string[]).includes(mode) ? (mode as PodcastMode) : 'podcast';
}

export function hostsOf(row: PodcastRow): readonly string[] | undefined {
  return row.mode === 'conversation' ? CONVERSATION_HOSTS : undefined;
}

/** The article as stored with the podcast, with how it is told. */
export function articleOf(row: PodcastRow): Article {
  return {
    title: row.sourceTitle ?? row.title,
    text: row.articleText ?? '',
    sourceUrl: row.sourceUrl ?? '',
    mode: modeOf(row.mode),
    minutes: row.minutes,
    lines: row.articleStructure?.lines ?? null,
    byline: row.articleStructure?.byline ?? null,
    pageKind: row.articleStructure?.pageKind ?? null,
    sources: row.sources?.read.length ? row.sources.read : null,
    focus: row.focus,
    articleLanguage: row.articleLanguage,
  };
}

/**
 * How a stored script is spoken: a read-mode script nobody edited is read again from the article
 * (its sentences keep their lines of the article); any other is parsed, with its hosts.
 */
export function writtenSentences(row: PodcastRow, article: Article): { hosts?: readonly string[]; sentences?: ScriptSentence[] } {
  const hosts = hostsOf(row);
  if (row.mode === 'read' && !row.scriptEdited && article.sources && article.sources.length > 1) {
    return { sentences: readSourcesScript({ text: article.text, lines: article.lines ?? null, parts: article.sources }) };
  }
  if (row.mode === 'read' && !row.scriptEdited) {
    return {
      sentences: readScript({ title: article.title, text: article.text, lines: article.lines ?? null, byline: article.byline ?? null, language: row.language ?? undefined }),
    };
  }
  return hosts ? { hosts } : {};
}
