/**
 * The episode's length before Create, for the mode asked: read mode is the article's words at the
 * voice's speaking rate; podcast and conversation the minutes asked; brief about two minutes. With no
 * mode chosen the server estimates its own default. The page is read once per address; a PDF is
 * counted by the server (its words and pages), once per address too.
 */
import { BRIEF_MINUTES, PODCAST_MINUTES, type PodcastMode } from '../../../shared/constants.ts';
import type { CreateOptions, PageEstimate } from '../../messaging.ts';
import type { PageText } from '../../read-article.ts';
import { ok, type Result } from '../../result.ts';
import { findTab, readTab, type TabPdf } from './page-reader.ts';
import { callServer } from './server.ts';

/** A voice's rate when the server does not say (the API's own default). */
const DEFAULT_WORDS_PER_MINUTE = 160;

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Seconds of an episode of `words` words in `mode`. */
export function estimatedSeconds(mode: PodcastMode, minutes: number | undefined, words: number, wordsPerMinute: number): number {
  switch (mode) {
    case 'read':
      return Math.round((words / wordsPerMinute) * 60);
    case 'brief':
      return BRIEF_MINUTES * 60;
    case 'podcast':
    case 'conversation':
      return (minutes ?? PODCAST_MINUTES.default) * 60;
  }
}

let page: { url: string; text: PageText | TabPdf; words: number; pages: number | null; listing: number | null } | null = null;
/** The last rate the server gave, for when it cannot be asked. */
let lastRate = DEFAULT_WORDS_PER_MINUTE;

/** The reader's voice's speaking rate: their default voice's, as the server measured it. */
export async function wordsPerMinute(): Promise<number> {
  const voices = await callServer((client) => client.voices.list());
  if (!voices.ok) return lastRate;
  const voice = voices.value.voices.find((v) => v.id === voices.value.defaultVoice) ?? voices.value.voices[0];
  lastRate = voice?.wordsPerMinute ?? DEFAULT_WORDS_PER_MINUTE;
  return lastRate;
}

export async function estimatePage({ tabId, mode, minutes }: { tabId: number } & CreateOptions): Promise<Result<PageEstimate>> {
  const tab = await findTab(tabId);
  if (!tab.ok) return tab;
  const url = tab.value.url ?? '';
  if (page?.url !== url || !url) {
    const read = await readTab(tab.value);
    if (!read.ok) return read;
    const value = read.value;
    if ('file' in value) {
      const counted = await callServer((client) => client.podcasts.estimate({ file: value.file, sourceUrl: value.sourceUrl, mode: 'read' }));
      if (!counted.ok) return counted;
      page = { url, text: value, words: counted.value.words, pages: counted.value.pages, listing: null };
    } else page = { url, text: value, words: countWords(value.text), pages: null, listing: value.listing ?? null };
  }
  const { words, text, pages, listing } = page;
  if (mode) return ok({ words, pages, listing, seconds: estimatedSeconds(mode, minutes, words, await wordsPerMinute()) });
  const answer = await callServer((client) =>
    client.podcasts.estimate('file' in text ? { file: text.file, sourceUrl: text.sourceUrl } : { title: text.title, text: text.text }),
  );
  if (!answer.ok) return answer;
  return ok({ words: answer.value.words, pages, listing, seconds: answer.value.estimatedSeconds });
}
