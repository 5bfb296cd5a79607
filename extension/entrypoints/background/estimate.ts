/**
 * The episode's length before Create, asked of the server as the web app asks it: the page's text (or
 * its PDF), the mode and the minutes, so both show the one figure (a short page's podcast is shorter
 * than the minutes asked). The page is read once per address.
 */
import type { CreateOptions, PageEstimate } from '../../messaging.ts';
import type { PageText } from '../../read-article.ts';
import { ok, type Result } from '../../result.ts';
import { findTab, readTab, type TabPdf } from './page-reader.ts';
import { callServer } from './server.ts';

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The mode and minutes a request carries: minutes only where the mode takes a length; no mode, the server's choice. */
export function askedLength({ mode, minutes }: CreateOptions): CreateOptions {
  return { ...(mode ? { mode } : {}), ...(minutes !== undefined && (mode === 'podcast' || mode === 'conversation') ? { minutes } : {}) };
}

let page: { url: string; text: PageText | TabPdf; listing: number | null } | null = null;

export async function estimatePage({ tabId, ...options }: { tabId: number } & CreateOptions): Promise<Result<PageEstimate>> {
  const tab = await findTab(tabId);
  if (!tab.ok) return tab;
  const url = tab.value.url ?? '';
  if (page?.url !== url || !url) {
    const read = await readTab(tab.value);
    if (!read.ok) return read;
    const { listing, ...text } = read.value as typeof read.value & { listing?: number | null };
    page = { url, text, listing: listing ?? null };
  }
  const { text, listing } = page;
  const asked = askedLength(options);
  const answer = await callServer((client) =>
    client.podcasts.estimate('file' in text ? { file: text.file, sourceUrl: text.sourceUrl, ...asked } : { ...text, ...asked }),
  );
  if (!answer.ok) return answer;
  return ok({ words: answer.value.words, pages: answer.value.pages, listing, seconds: answer.value.estimatedSeconds });
}
