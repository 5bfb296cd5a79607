/**
 * The one extraction that the server (on a linkedom document) and the extension (on a clone of the
 * live page) both run: the dropped areas go, Readability finds the article, then the boilerplate it
 * kept inside the article goes too.
 */
import { Readability } from '@mozilla/readability';
import { cleanArticle } from './clean-article.ts';
import { dropAreas } from './drop-areas.ts';
import type { PageDocument, PageElement } from './page-dom.ts';

export interface ReadableArticle {
  title: string;
  byline: string | null;
  dir: string | null;
  lang: string | null;
  excerpt: string | null;
  siteName: string | null;
  /** The article's root element, detached from the document. */
  root: PageElement;
}

/**
 * The article of `document`, which it changes (pass a copy); null when it has none. `check` sees the
 * document once the dropped areas are gone, before Readability, and may throw to refuse it.
 */
export function readableArticle(
  document: PageDocument,
  options: {
    check?: (document: PageDocument) => void;
    /** Readability's query for elements by tag, where the DOM has a faster one than `querySelectorAll`. */
    elementsWithTags?: (node: PageElement, tagNames: readonly string[]) => PageElement[];
  } = {},
): ReadableArticle | null {
  dropAreas(document);
  options.check?.(document);
  markArticleBody(document);
  let root: PageElement | undefined;
  const reader = new Readability<null>(document as never, {
    serializer: (node) => {
      root = node as unknown as PageElement;
      return null;
    },
  });
  if (options.elementsWithTags) Object.assign(reader, { _getAllNodesWithTag: options.elementsWithTags });
  const article = reader.parse();
  if (!article || !root) return null;
  root = narrowedToBody(root) ?? root;
  root.removeAttribute(BODY_MARK);
  root.querySelector(`[${BODY_MARK}]`)?.removeAttribute(BODY_MARK);
  cleanArticle(root);
  return {
    title: article.title?.trim() ?? '',
    byline: article.byline ?? null,
    dir: article.dir ?? null,
    lang: article.lang ?? null,
    excerpt: article.excerpt ?? null,
    siteName: article.siteName ?? null,
    root,
  };
}

const BODY_MARK = 'data-pagecast-body';

/**
 * The page's own word on where its article is: the element marked as the article's body (schema.org
 * articleBody), else the largest <article>. Marked, so it can be found in Readability's result.
 */
function markArticleBody(document: PageDocument): void {
  let best: PageElement | null = null;
  let bestLength = 0;
  for (const selector of ['[itemprop="articleBody"]', 'article']) {
    for (const element of document.querySelectorAll(selector)) {
      const length = element.textContent?.length ?? 0;
      if (length > bestLength) {
        best = element;
        bestLength = length;
      }
    }
    if (best) break;
  }
  best?.setAttribute(BODY_MARK, '');
}

/** Share of Readability's text that may lie outside the page's marked article body. */
const MAX_OUTSIDE_BODY = 0.2;

/**
 * Readability adds the blocks around its best candidate that score well, and on a news page those are
 * often the related stories and teasers beside the article. When its result holds the page's marked
 * article body plus much more, the body alone is the article.
 */
function narrowedToBody(root: PageElement): PageElement | null {
  const marked = root.querySelector(`[${BODY_MARK}]`);
  if (!marked) return null;
  const all = root.textContent?.length ?? 0;
  const inside = marked.textContent?.length ?? 0;
  if (inside === 0 || all - inside <= MAX_OUTSIDE_BODY * all) return null;
  return marked;
}
