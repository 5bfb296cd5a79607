/**
 * The article of an episode of several sources: each source read as one page is (under the same
 * hourly page limits, each counting as one page; a few at a time, under one deadline for the set), those that cannot be read named with why and
 * left out, the others stored one after the other with where each one's lines are; a page given twice
 * is read once, the copy named as left out. All failing is an answer of its own that names each.
 */
import type { EpisodeSource, UnreadableSource } from '../../shared/api/podcasts.ts';
import type { WithFiles } from '../../shared/api/podcast-files.ts';
import { fallbackTitle } from '../../shared/text/fallback.ts';
import { webAddress } from '../../shared/validation.ts';
import type { PodcastRow } from '../repositories/podcast-repository.ts';
import { AppError } from '../errors.ts';
import { askedMinutes } from '../pipeline/script-plan.ts';
import type { PreparedArticle } from '../pipeline/ports.ts';
import { guessKinds } from '../machinery/script/read-script.ts';
import { sourceIntro } from '../machinery/script/episode-sources.ts';
import type { SourcePart } from '../machinery/script/types.ts';
import { countWords } from '../machinery/script/script-format.ts';
import { speechSeconds } from '../services/podcasts/episode-length.ts';
import type { LimitSubject } from '../services/podcasts/limits.ts';
import type { ReceivedFile } from '../machinery/upload/read-form.ts';
import { readArticle, type ReadArticleDeps } from './read-article.ts';
import { leaveOutRepeats } from './repeated-sources.ts';

/** A source as received: a PDF's bytes in place of its part. */
export type ReceivedSource = WithFiles<EpisodeSource, ReceivedFile>;
import type { PodcastMode } from '../../shared/constants.ts';

export const NO_SOURCE_READ_MESSAGE = 'None of the sources could be read';

/** How a source is named in an answer: its address, its file's name, or its title. */
export function sourceName(source: ReceivedSource): string {
  if ('url' in source) return source.url;
  if ('file' in source) return source.file.name || 'the PDF file';
  return source.title?.trim() || source.sourceUrl || 'the text sent';
}

/**
 * The sources as read: each article apart (planned apart, and joined only once the episode is made:
 * `joinArticles`), where each one's lines will be, and those left out.
 */
export interface SourcesArticle {
  articles: PreparedArticle[];
  sources: NonNullable<PodcastRow['sources']>;
}

/** One deadline for the whole set, however many sources and however slowly each arrives. */
export const SOURCES_DEADLINE_MS = 60_000;
/** Sources read at the same time. */
export const SOURCES_AT_ONCE = 3;
export const SOURCE_TOO_SLOW_MESSAGE = 'It was not read in time: the sources together take at most a minute.';
export const SOURCE_LEFT_OUT_MESSAGE = 'Left out: the sources before it already hold more words than one episode can.';

/**
 * The words the sources may hold together, and what to do past them: `refuse` throws the answer
 * (EPISODE_TOO_LONG when the episode reads them all) with the articles read by then, or returns when
 * the rest may be left out (a retelling of the minutes asked).
 */
export interface WordBudget {
  words: number;
  refuse(read: readonly PreparedArticle[]): Promise<void>;
}

/**
 * Reads the sources a few at a time, under one deadline for the set, counting their words as each
 * arrives: past the budget's words the reading stops (the rest are never fetched, those under way
 * are stopped), so no more than an episode can hold is ever read or joined. Answers the articles
 * read, each apart, with a part per source read, and the sources left out. Throws when none is read: the first
 * one's code, a message naming each.
 */
export async function readSources(
  deps: ReadArticleDeps,
  subject: LimitSubject,
  sources: readonly ReceivedSource[],
  budget?: WordBudget,
  deadlineMs = SOURCES_DEADLINE_MS,
): Promise<SourcesArticle> {
  // A page given twice is read once (repeated-sources.ts).
  const readings: (SourceReading | null)[] = leaveOutRepeats(sources, sources.map(() => null));
  const stop = new AbortController();
  let overBudget = false;
  const timer = setTimeout(() => stop.abort(new Error('the sources took longer than their deadline')), deadlineMs);
  let words = 0;
  let next = 0;
  const readNext = async (): Promise<void> => {
    while (next < sources.length && !stop.signal.aborted) {
      const index = next++;
      if (readings[index]) continue;
      const source = sources[index]!;
      const one = 'text' in source ? { ...source, title: source.title ?? '', sourceUrl: source.sourceUrl ?? '' } : source;
      try {
        const article = await readArticle(deps, subject, one, stop.signal);
        if (stop.signal.aborted) return;
        readings[index] = article;
        // Counted by the extraction worker as it read the page (text sent, by prepare): nothing is counted here.
        words += wordsOf(article);
        if (budget && words > budget.words) {
          overBudget = true;
          stop.abort(new Error('the sources hold more words than an episode can'));
        }
      } catch (err) {
        if (stop.signal.aborted) return;
        if (!isAnswerAboutSource(err)) {
          stop.abort(err);
          throw err;
        }
        readings[index] = err;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(SOURCES_AT_ONCE, sources.length) }, readNext));
  } finally {
    clearTimeout(timer);
  }
  if (overBudget) await budget!.refuse(readings.filter((r): r is PreparedArticle => r !== null && !(r instanceof AppError)));
  const notRead = new AppError('FETCH_FAILED', { message: overBudget ? SOURCE_LEFT_OUT_MESSAGE : SOURCE_TOO_SLOW_MESSAGE });
  return sourcesArticle(sources, readings.map((r) => r ?? notRead));
}

/** One source as read: its article, or the answer why it could not be read. */
export type SourceReading = PreparedArticle | AppError;

/** Only an answer about the source leaves it out; a fault of the server's (or a limit reached) is the request's. */
export function isAnswerAboutSource(err: unknown): err is AppError {
  return err instanceof AppError && err.code !== 'RATE_LIMITED' && err.code !== 'INTERNAL_ERROR';
}

/**
 * The episode's sources as read (a followed feed's items are read once, to fit the episode, and made
 * from that reading): the articles read, each apart, a part per source read, the others named with why.
 */
export function sourcesArticle(sources: readonly ReceivedSource[], readings: readonly SourceReading[]): SourcesArticle {
  const read: PreparedArticle[] = [];
  const unreadable: UnreadableSource[] = [];
  let firstError: AppError | null = null;
  for (const [index, reading] of leaveOutRepeats(sources, readings).entries()) {
    if (!(reading instanceof AppError)) {
      read.push(reading);
      continue;
    }
    if (!isAnswerAboutSource(reading)) throw reading;
    firstError ??= reading;
    unreadable.push({ index, source: sourceName(sources[index]!), error: reading.message });
  }
  if (read.length === 0) {
    const named = unreadable.map((u) => `${u.source}: ${u.error}`).join('; ');
    throw new AppError(firstError?.code ?? 'FETCH_FAILED', { message: `${NO_SOURCE_READ_MESSAGE}. ${named}`, cause: firstError });
  }
  return { articles: read, sources: { read: partsOf(read), unreadable } };
}

/** Where each article's lines sit once they are joined, and what is said of it. */
function partsOf(articles: readonly PreparedArticle[]): SourcePart[] {
  let firstLine = 0;
  return articles.map((a) => {
    const lineCount = a.text.split('\n').length;
    const part: SourcePart = {
      title: a.title,
      url: webAddress(a.sourceUrl),
      author: a.byline?.trim() || null,
      site: a.siteName?.trim() || null,
      language: a.language,
      firstLine,
      lineCount,
    };
    firstLine += lineCount;
    return part;
  });
}

/** An article's words: as the extraction worker counted them (or prepare, for text sent). */
export function wordsOf(article: Pick<PreparedArticle, 'text' | 'words'>): number {
  return article.words ?? countWords(article.text);
}

/** The language most of the articles' words are in, by their counts (no text is read again). */
export function languageOf(articles: readonly PreparedArticle[]): string {
  const words = new Map<string, number>();
  for (const a of articles) words.set(a.language, (words.get(a.language) ?? 0) + wordsOf(a));
  return [...words].sort((x, y) => y[1] - x[1])[0]![0];
}

/**
 * The articles joined into one, once the episode is made (Create, after its length was planned over
 * each apart): their texts and line kinds one after the other, the language most of their words are in.
 */
export function joinArticles(articles: readonly PreparedArticle[]): PreparedArticle {
  if (articles.length === 1) return articles[0]!;
  const kinds = articles.map((a) => {
    const lines = a.text.split('\n');
    return a.lines && a.lines.length === lines.length ? a.lines : guessKinds(lines);
  });
  return {
    title: sourcesTitle(articles),
    text: articles.map((a) => a.text).join('\n'),
    scriptText: articles.map((a) => a.scriptText).join('\n'),
    sourceUrl: articles[0]!.sourceUrl,
    language: languageOf(articles),
    lines: kinds.join(''),
    words: articles.reduce((sum, a) => sum + wordsOf(a), 0),
    byline: null,
    pages: null,
    listing: null,
    sources: partsOf(articles),
  };
}

/** The title an episode of these sources gets: the first one's, and how many more. */
export function sourcesTitle(articles: readonly PreparedArticle[]): string {
  const first = articles[0]!;
  const firstTitle = first.title || fallbackTitle(first.text);
  const others = articles.length - 1;
  if (others === 0) return firstTitle;
  return `${firstTitle} and ${others} more ${others === 1 ? 'source' : 'sources'}`.slice(0, 300);
}

/**
 * The seconds the spoken introductions of an episode of several sources take: in read mode each
 * source opens with one; the other modes connect the sources within the minutes asked. The estimate
 * adds them to what `planEpisodeLength` plans for the sources' text.
 */
export function sourceIntroSeconds(mode: PodcastMode, minutes: number | null, combined: SourcesArticle, wordsPerMinute: number): number {
  if (askedMinutes(mode, minutes) !== null) return 0;
  return combined.sources.read.reduce((sum, part, i) => sum + speechSeconds(sourceIntro(part, i), wordsPerMinute, part.language), 0);
}
