/**
 * The tray: pages gathered one click at a time ("Add this page") for one episode of several. Each is
 * read as the reader adds it (the extension may read a tab only on the reader's click), as a page is
 * read for its own podcast: its article's text, or the PDF the tab shows. The tray lives in the
 * extension's storage, so it outlives the popup; "Make one episode" sends its pages as one request of
 * `sources`, a chapter each, and empties it once the server has the podcast.
 */
import { SOURCES_PER_EPISODE } from '../../../shared/api/podcasts.ts';
import { PDF_LIMITS } from '../../../shared/constants.ts';
import { PDF_MESSAGES } from '../../../shared/errors.ts';
import type { CreateOptions, TrayEstimate } from '../../messaging.ts';
import { fail, ok, type Result } from '../../result.ts';
import { trayItem, type Creation, type TrayPage } from '../../storage.ts';
import { fileToSend, storedFileBytes, storeFile, type StoredSource } from '../../stored-file.ts';
import { askedLength, countWords } from './estimate.ts';
import { findTab, readTab } from './page-reader.ts';
import { createPodcast } from './podcasts.ts';
import { callServer } from './server.ts';

export const TRAY_MESSAGES = {
  full: `The tray holds up to ${SOURCES_PER_EPISODE.max} pages: make its episode, or remove one.`,
  already: 'This page is already in the tray.',
  noRoom: 'The browser has no room left to keep this page in the tray: make the episode of the pages in it, or remove one.',
  tooFew: `Add at least ${SOURCES_PER_EPISODE.min} pages to make one episode of them.`,
} as const;

/** The title of an episode of the tray's pages until the server names it. */
export function trayTitle(pages: readonly TrayPage[]): string {
  const first = pages[0]?.title || 'Untitled page';
  const more = pages.length - 1;
  return more > 0 ? `${first} and ${more} more ${more === 1 ? 'page' : 'pages'}` : first;
}

export async function addTabToTray({ tabId }: { tabId: number }): Promise<Result<TrayPage[]>> {
  const tab = await findTab(tabId);
  if (!tab.ok) return tab;
  const tray = await trayItem.getValue();
  const url = tab.value.url ?? '';
  if (url && tray.some((page) => page.url === url)) return fail('TRAY_REFUSED', TRAY_MESSAGES.already);
  if (tray.length >= SOURCES_PER_EPISODE.max) return fail('TRAY_REFUSED', TRAY_MESSAGES.full);
  const read = await readTab(tab.value);
  if (!read.ok) return read;
  const value = read.value;
  // The server takes an episode's PDFs up to 20 MB together.
  const pdfBytes = tray.reduce((sum, { source }) => sum + ('file' in source ? storedFileBytes(source.file) : 0), 0);
  if ('file' in value && pdfBytes + value.file.data.size > PDF_LIMITS.maxBytes) return fail('TRAY_REFUSED', PDF_MESSAGES.tooLargeTogether);
  // Only what a source of several carries: the popup's note about a front page stays behind.
  const source: StoredSource =
    'file' in value
      ? { file: await storeFile(value.file), sourceUrl: value.sourceUrl }
      : { text: value.text, title: value.title, sourceUrl: value.sourceUrl, ...(value.lines ? { lines: value.lines } : {}) };
  const page: TrayPage = {
    id: crypto.randomUUID(),
    title: ('title' in value && value.title) || tab.value.title || url,
    url,
    source,
    words: 'text' in value ? countWords(value.text) : null,
  };
  // Read again: another popup may have changed the tray while this page was read.
  const now = await trayItem.getValue();
  if (now.length >= SOURCES_PER_EPISODE.max) return fail('TRAY_REFUSED', TRAY_MESSAGES.full);
  const next = [...now.filter((p) => p.url !== url || !url), page];
  try {
    await trayItem.setValue(next);
  } catch (err) {
    // The extension's storage is full (a large PDF): the tray stays as it was.
    console.error('[pagecast] keeping the page in the tray failed', err);
    return fail('TRAY_REFUSED', TRAY_MESSAGES.noRoom);
  }
  return ok(next);
}

export async function removeFromTray({ id }: { id: string }): Promise<Result<TrayPage[]>> {
  const next = (await trayItem.getValue()).filter((page) => page.id !== id);
  await trayItem.setValue(next);
  return ok(next);
}

/**
 * How long one episode of the tray's pages would be, asked of the server as the web app asks it (the
 * pages as sources, the mode and the minutes): its words and its length. No pages, no estimate.
 */
export async function estimateTray(options: CreateOptions = {}): Promise<Result<TrayEstimate>> {
  const pages = await trayItem.getValue();
  if (pages.length === 0) return ok({ words: 0, seconds: null });
  const sources = pages.map(({ source }) => ('file' in source ? { ...source, file: fileToSend(source.file) } : source));
  const asked = askedLength(options);
  const one = sources[0]!;
  const alone = 'text' in one ? { ...one, title: one.title ?? '' } : one;
  const answer = await callServer((client) =>
    client.podcasts.estimate(sources.length >= SOURCES_PER_EPISODE.min ? { sources, ...asked } : { ...alone, ...asked }),
  );
  if (!answer.ok) return answer;
  return ok({ words: answer.value.words, seconds: answer.value.estimatedSeconds });
}

export async function createPodcastFromTray(options: CreateOptions = {}): Promise<Result<Creation>> {
  const pages = await trayItem.getValue();
  if (pages.length < SOURCES_PER_EPISODE.min) return fail('TRAY_REFUSED', TRAY_MESSAGES.tooFew);
  const made = await createPodcast(
    'tray',
    undefined,
    trayTitle(pages),
    pages[0]!.url,
    // A PDF goes as a file again.
    async () => ok({ sources: pages.map(({ source }) => ('file' in source ? { ...source, file: fileToSend(source.file) } : source)) }),
    options,
  );
  // The server has the podcast: the pages sent leave the tray (any added meanwhile stay).
  if (made.ok) {
    const sent = new Set(pages.map((page) => page.id));
    await trayItem.setValue((await trayItem.getValue()).filter((page) => !sent.has(page.id)));
  }
  return made;
}
