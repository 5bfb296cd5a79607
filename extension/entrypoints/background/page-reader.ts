/**
 * Reading a tab: the article (Readability, injected on the reader's click thanks to activeTab), the
 * PDF it shows (the browser's viewer has no DOM to read: its bytes are fetched as the reader sees
 * them, cookies included, and the server reads them), or the text the reader selected. Refusals come
 * back as data with a message the reader can act on.
 */
import { browser, type Browser } from 'wxt/browser';
import { fail, ok, type Result } from '../../result.ts';
import {
  UNREADABLE_PAGE_HINT,
  UNREADABLE_PAGE_MESSAGE,
  isAccessRefusal,
  isReadableUrl,
} from '../../page-access.ts';
import { limitText, type PageText, type TabArticle } from '../../read-article.ts';
import { MAX_ARTICLE_CHARS, MAX_TITLE_CHARS } from '../../../shared/api/podcasts.ts';
import { PDF_LIMITS } from '../../../shared/constants.ts';
import { PDF_MESSAGES } from '../../../shared/errors.ts';
import { statusRefusal } from '../../../shared/page-rules.ts';
import type { FileToSend } from '../../../shared/api/podcast-files.ts';
import { hasPdfSignature } from '../../../shared/pdf-file.ts';

/** A PDF tab as the server takes it: the file (uploaded as a file), and the tab's address. */
export interface TabPdf {
  file: FileToSend;
  sourceUrl: string;
}

/** The bundled script that runs Readability in the tab (entrypoints/read-page.ts). */
const READ_PAGE_SCRIPT = '/read-page.js';

export const NO_SELECTION_MESSAGE = 'Select some text on the page first';
const NO_TAB_MESSAGE = 'There is no page to read in this window';

export async function findTab(tabId: number): Promise<Result<Browser.tabs.Tab>> {
  try {
    return ok(await browser.tabs.get(tabId));
  } catch {
    return fail('NO_TAB', NO_TAB_MESSAGE);
  }
}

/** Runs an injection, turning the browser's refusals into the unreadable-page message. */
async function inject<T>(tab: Browser.tabs.Tab, run: (tabId: number) => Promise<T>): Promise<Result<T>> {
  if (tab.id === undefined) return fail('NO_TAB', NO_TAB_MESSAGE);
  if (!isReadableUrl(tab.url) && tab.url !== undefined) {
    return fail('UNREADABLE_PAGE', UNREADABLE_PAGE_MESSAGE, UNREADABLE_PAGE_HINT);
  }
  try {
    return ok(await run(tab.id));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (isAccessRefusal(message)) return fail('UNREADABLE_PAGE', UNREADABLE_PAGE_MESSAGE, UNREADABLE_PAGE_HINT);
    console.error('[pagecast] reading the tab failed', err);
    return fail('NO_READABLE_CONTENT', 'Pagecast could not read this page', 'Reload the page and try again.');
  }
}

/** Whether the tab shows a PDF: its document says so, or (a viewer that cannot be scripted) its address ends in .pdf. */
async function showsPdf(tab: Browser.tabs.Tab): Promise<boolean> {
  const url = tab.url ?? '';
  if (!/^https?:|^file:/.test(url)) return false;
  try {
    const [frame] = await browser.scripting.executeScript({ target: { tabId: tab.id! }, func: () => document.contentType });
    if (typeof frame?.result === 'string') return frame.result === 'application/pdf';
  } catch {
    // Not scriptable: the address decides.
  }
  return /\.pdf$/i.test(new URL(url).pathname);
}

/** The PDF the tab shows, fetched with the reader's cookies (its host is the active tab's, so it may be fetched). */
async function readPdf(tab: Browser.tabs.Tab): Promise<Result<TabPdf>> {
  const url = tab.url!;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const response = await fetch(url, { credentials: 'include' });
    const refusal = statusRefusal(response.status, response.statusText, 'tab');
    if (refusal) return fail(refusal.code, refusal.message, 'Reload the page and try again.');
    if (Number(response.headers.get('content-length')) > PDF_LIMITS.maxBytes) return fail('NO_READABLE_CONTENT', PDF_MESSAGES.tooLarge);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (err) {
    console.error('[pagecast] loading the PDF failed', err);
    return fail('FETCH_FAILED', 'Pagecast could not load this PDF', 'Reload the page and try again.');
  }
  if (bytes.length > PDF_LIMITS.maxBytes) return fail('NO_READABLE_CONTENT', PDF_MESSAGES.tooLarge);
  if (!hasPdfSignature(bytes)) return fail('NO_READABLE_CONTENT', PDF_MESSAGES.notAPdf);
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || '') || 'document.pdf';
  return ok({ file: { name, data: new Blob([bytes], { type: 'application/pdf' }) }, sourceUrl: url });
}

/** What the tab holds, as the server takes it: its article, or its PDF. */
export async function readTab(tab: Browser.tabs.Tab): Promise<Result<TabArticle | TabPdf>> {
  if (tab.id !== undefined && isReadableUrl(tab.url) && (await showsPdf(tab))) return readPdf(tab);
  return readPage(tab);
}

/** The tab's article, read from its live document. */
export async function readPage(tab: Browser.tabs.Tab): Promise<Result<TabArticle>> {
  const injected = await inject(tab, async (tabId) => {
    const [frame] = await browser.scripting.executeScript({ target: { tabId }, files: [READ_PAGE_SCRIPT] });
    return frame?.result as Result<TabArticle> | undefined;
  });
  if (!injected.ok) return injected;
  if (!injected.value) return fail('NO_READABLE_CONTENT', 'Pagecast could not read this page', 'Reload the page and try again.');
  return injected.value;
}

/** What the reader has selected in the tab, with its line breaks ('' when nothing). */
export async function readSelection(tab: Browser.tabs.Tab): Promise<Result<string>> {
  const injected = await inject(tab, async (tabId) => {
    const [frame] = await browser.scripting.executeScript({
      target: { tabId },
      func: () => window.getSelection()?.toString() ?? '',
    });
    return typeof frame?.result === 'string' ? frame.result : '';
  });
  return injected;
}

/** The popup's question: is there a selection to offer a podcast of? */
export async function readTabSelection({ tabId }: { tabId: number }): Promise<Result<string>> {
  const tab = await findTab(tabId);
  return tab.ok ? readSelection(tab.value) : tab;
}

/**
 * The selection as a podcast's text. `fallbackText` is what the context menu reported, used when the
 * tab cannot be scripted (it loses line breaks, so the live selection is preferred).
 */
export async function readSelectionText(tab: Browser.tabs.Tab, fallbackText?: string): Promise<Result<PageText>> {
  const live = await readSelection(tab);
  const text = (live.ok && live.value.trim() ? live.value : (fallbackText ?? '')).trim();
  if (!text) return live.ok || fallbackText !== undefined ? fail('NO_CONTENT', NO_SELECTION_MESSAGE) : live;
  return ok({
    title: (tab.title ?? '').trim().slice(0, MAX_TITLE_CHARS),
    text: limitText(text, MAX_ARTICLE_CHARS),
    sourceUrl: tab.url ?? '',
  });
}
