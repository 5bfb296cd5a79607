/**
 * The readable article of a page (title, byline, text and metadata): Readability on a linkedom
 * document, after the dropped areas are gone, plus `text`, the article as lines a voice can read (built
 * from the article's DOM, because Readability's textContent runs words together where blocks meet).
 * Readability and linkedom each crash on the odd page, so a crash becomes the parse-failure
 * message instead of a 500.
 */
import { readableArticle, type ReadableArticle } from '../../../shared/extract/readable-article.ts';
import type { PageDocument } from '../../../shared/extract/page-dom.ts';
import type { PageKind } from '../../../shared/extract/page-kind.ts';
import { articleText } from '../../../shared/text/article-text.ts';
import { lineKinds, type KindElement } from '../../../shared/text/line-kinds.ts';
import { CONTENT_MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { countWords } from '../script/script-format.ts';
import { elementsWithTags, parsePage, probablyVisible } from './page-document.ts';

export interface ExtractionResult {
  title: string;
  byline: string | null;
  /** Text direction ('ltr', 'rtl') when the page declares one. */
  dir: string | null;
  lang: string | null;
  /** The article as HTML, links and images absolute. */
  content: string;
  /** Readability's text of the article (blocks run together). */
  textContent: string;
  /** Characters in textContent. */
  length: number;
  excerpt: string | null;
  siteName: string | null;
  /** The article's readable text: a line per block element and per <br>. */
  text: string;
  /** A kind letter per line of text (see shared/text/line-kinds.ts): h heading, x code, t/d/r table rows, and so on. */
  lines: string;
  /** The words in `text`, counted where it was read (the extraction worker), so the server's thread never counts a page. */
  words: number;
  /** A PDF's page count. */
  pages?: number;
  /** When the page lists other pages (a front page, search results) rather than being an article: how many. */
  listing?: number | null;
  /** The kind of page (see shared/extract/page-kind.ts); a PDF has none. */
  kind?: PageKind;
}

/**
 * Pages with more elements than this (after the dropped areas) are refused: Readability takes about
 * 80 ms per thousand elements here, all of it blocking. The largest page of the corpus has 10,000.
 * (Readability's own maxElemsToParse counts with getElementsByTagName('*'), which linkedom answers
 * with nothing, so the count is made here.)
 */
export const MAX_ARTICLE_ELEMENTS = 50_000;

/**
 * Pages nested deeper than this are refused. Readability's cost grows with depth, not only with the
 * element count: a sentence inside 1,000 <div>s took 5 s, inside 2,000 took 32 s, and 3,000
 * overflowed the stack; at this cap it takes about 0.3 s. The deepest page of the corpus is 37 levels.
 * (Measured with a loop right after parsing, before anything recursive walks the tree.)
 */
export const MAX_ARTICLE_DEPTH = 256;

interface TreeLinks {
  firstElementChild: TreeLinks | null;
  nextElementSibling: TreeLinks | null;
  parentElement: TreeLinks | null;
}

/** Whether any element sits more than `limit` levels below `root`. A loop, not recursion: the page decides the depth. */
function nestedDeeperThan(root: TreeLinks, limit: number): boolean {
  let node = root;
  let depth = 0;
  for (;;) {
    const child = node.firstElementChild;
    if (child) {
      node = child;
      depth += 1;
      if (depth > limit) return true;
      continue;
    }
    while (node !== root && !node.nextElementSibling) {
      node = node.parentElement!;
      depth -= 1;
    }
    if (node === root) return false;
    node = node.nextElementSibling!;
  }
}

const noReadableContent = () =>
  new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.noReadableContent });

/**
 * Extracts the article from `html`, a page served from `url` (relative links resolve against it).
 * Throws AppError NO_READABLE_CONTENT with the no-readable-content message when the page has no readable text, or
 * with the parse-failure message when the page cannot be processed.
 */
export function extractArticle(html: string, url: string): ExtractionResult {
  let article: ReadableArticle | null;
  try {
    const document = parsePage(html, url);
    if (nestedDeeperThan(document.documentElement, MAX_ARTICLE_DEPTH)) {
      throw new Error(`elements nested over ${MAX_ARTICLE_DEPTH} deep`);
    }
    article = readableArticle(document as unknown as PageDocument, {
      check: (cleaned) => {
        const elements = elementsWithTags(cleaned.documentElement, null).length;
        if (elements > MAX_ARTICLE_ELEMENTS) throw new Error(`${elements} elements is over the ${MAX_ARTICLE_ELEMENTS} cap`);
      },
      elementsWithTags,
      isProbablyVisible: probablyVisible,
    });
  } catch (error) {
    throw new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.parseFailed, cause: error });
  }
  if (!article) throw noReadableContent();
  const text = articleText(article.root);
  if (!text) throw noReadableContent();
  const textContent = article.root.textContent ?? '';
  return {
    title: article.title,
    byline: article.byline,
    dir: article.dir,
    lang: article.lang,
    content: article.root.innerHTML,
    textContent,
    length: textContent.length,
    excerpt: article.excerpt,
    siteName: article.siteName,
    text,
    lines: lineKinds(article.root as unknown as KindElement, text),
    words: countWords(text),
    listing: article.listing,
    kind: article.kind,
  };
}
