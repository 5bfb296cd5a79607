/**
 * Reads the article out of a page the reader has open: the server's own extraction
 * (shared/extract: dropped areas, Readability, boilerplate removed) on a clone of the live document
 * (so logged-in and paywalled pages work, and the page itself is left untouched), then the text built
 * from the article with a line per block (shared/text/article-text.ts).
 *
 * First the page rule the server applies to an address (shared/page-rules.ts): a tab that shows an
 * error page (its status), a JSON file or an image is refused with the web app's message (a page with
 * nothing to read is refused by the extraction, as there).
 *
 * Runs inside the tab (injected by the background on the reader's click), so it returns plain data.
 */
import { MAX_ARTICLE_CHARS, MAX_TITLE_CHARS, type createFromTextSchema } from '../shared/api/podcasts.ts';
import { CONTENT_MESSAGES } from '../shared/errors.ts';
import { pageRefusal } from '../shared/page-rules.ts';
import type { PageDocument } from '../shared/extract/page-dom.ts';
import { readableArticle, type ReadableArticle } from '../shared/extract/readable-article.ts';
import { articleText } from '../shared/text/article-text.ts';
import { lineKinds, type KindElement } from '../shared/text/line-kinds.ts';
import type { z } from 'zod';
import { fail, ok, type Result } from './result.ts';

/** What the extension sends the server: `{ title, text, sourceUrl, lines }`. */
export type PageText = z.input<typeof createFromTextSchema>;

/** The page's article, and when the page lists other pages rather than being one: how many (said in the popup, never sent). */
export type TabArticle = PageText & { listing?: number | null };

/** The HTTP status the tab's document came with (0 or undefined: not known, as for a file). */
export function navigationStatus(): number | undefined {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.responseStatus || undefined;
}

/** The tab's article, or why the page is not one; `status` is the HTTP status its document came with, when known. */
export function readArticle(doc: Document, status?: number): Result<TabArticle> {
  const refusal = pageRefusal({ status, contentType: doc.contentType }, 'tab');
  if (refusal) return fail(refusal.code, refusal.message);
  let article: ReadableArticle | null;
  try {
    const clone = doc.cloneNode(true) as Document;
    article = readableArticle(clone as unknown as PageDocument);
  } catch {
    // Readability throws on a few malformed documents; to the reader that is a page it cannot read.
    return fail('NO_READABLE_CONTENT', CONTENT_MESSAGES.parseFailed);
  }
  const text = article ? limitText(articleText(article.root), MAX_ARTICLE_CHARS) : '';
  if (!article || !text.trim()) return fail('NO_READABLE_CONTENT', CONTENT_MESSAGES.noReadableContent);
  return ok({
    title: (article.title || doc.title.trim()).slice(0, MAX_TITLE_CHARS),
    text,
    sourceUrl: doc.URL,
    // The page's structure, as the server's extraction gives it: read mode announces code and reads tables by it.
    lines: lineKinds(article.root as unknown as KindElement, text),
    listing: article.listing,
  });
}

/** Cuts an overlong text at the last line break within `max` characters. */
export function limitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  return text.slice(0, cut > 0 ? cut : max);
}
