/**
 * The one extraction that the server (on a linkedom document) and the extension (on a clone of the
 * live page) both run: the dropped areas go, Readability finds the article (unless it missed it: then
 * the page's own block of prose is the article, second-try.ts; if it trips on the page's tree, a page
 * read whole is read so), then the boilerplate it kept inside the article goes too.
 */
import { Readability } from '@mozilla/readability';
import { cleanArticle } from './clean-article.ts';
import { dropAreas, dropForms } from './drop-areas.ts';
import type { PageDocument, PageElement } from './page-dom.ts';
import { declaresForum, pageKind, servicePath, proseWords, repeatedItems, type PageKind } from './page-kind.ts';
import { dropOtherProducts, dropReviews, namedSliver, productPage } from './product-page.ts';
import { measurePage, missedArticle, unmarkTeasers } from './second-try.ts';
import { declaresDatedArticle, missedList, missedSections } from './service-page.ts';
import { wordCount } from './text-sizes.ts';
import { dropRepeatedSiblings, dropSaidAgain, ITEM_MARK, mainArea, revealHiddenBody, wholePage } from './whole-page.ts';

export interface ReadableArticle {
  title: string;
  byline: string | null;
  dir: string | null;
  lang: string | null;
  excerpt: string | null;
  siteName: string | null;
  /** The article's root element, detached from the document. */
  root: PageElement;
  /** When the page is a list of other pages (a front page, a search result): how many it lists; else null. */
  listing: number | null;
  /** The kind of page it is (see page-kind.ts). */
  kind: PageKind;
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
    /** Readability's test of an element's visibility, where the DOM has a faster one than reading its style. */
    isProbablyVisible?: (node: PageElement) => boolean;
  } = {},
): ReadableArticle | null {
  revealHiddenBody(document);
  const address = documentAddress(document);
  dropAreas(document, declaresForum(document, address));
  options.check?.(document);
  const area = mainArea(document);
  const kind = area ? pageKind(document, area, address) : 'article';
  // Off a product page (where the form to buy states its price and options) a form is controls: a search, a sign-in.
  if (area && kind !== 'product') dropForms(document, area);
  const named = kind === 'product' && area ? productPage(document, area) : null;
  // Named blocks that are a sliver of a page telling of its product in prose: the page is read whole.
  const product = named && area && !namedSliver(named, area) ? named : null;
  // Asked before Readability, which takes the page's metadata out.
  const dated = kind === 'article' && declaresDatedArticle(document) && !servicePath(address);
  const sections = kind === 'article' && !dated;
  // A list's cards (six at least), marked before the page is copied and Readability changes it.
  const items = (kind === 'collection' || kind === 'listing') && area !== null && markItems(area);
  // Copied where it may be read whole: a product's named blocks are read instead.
  const thread = product ? null : wholePage(document, kind === 'forum');
  const whole = product ?? thread?.root ?? null;
  if (kind === 'product' && whole) dropReviews(whole);
  const measured = measurePage(document);
  markArticleBody(document);
  let root: PageElement | undefined;
  const reader = new Readability<null>(document as never, {
    serializer: (node) => {
      root = node as unknown as PageElement;
      return null;
    },
  });
  if (options.elementsWithTags) Object.assign(reader, { _getAllNodesWithTag: options.elementsWithTags });
  if (options.isProbablyVisible) Object.assign(reader, { _isProbablyVisible: options.isProbablyVisible });
  let parsed: ReturnType<typeof reader.parse> = null;
  try {
    parsed = reader.parse();
  } catch (error) {
    // Readability trips on the odd tree (a candidate outside the body); a page read whole stands without it.
    if (!whole) throw error;
    root = undefined;
  }
  const article: Partial<NonNullable<ReturnType<typeof reader.parse>>> = parsed ?? { title: (document as unknown as { title?: string }).title };
  if (root) {
    root = narrowedToBody(root) ?? root;
    const body = root.getAttribute(BODY_MARK) !== null ? root : root.querySelector(`[${BODY_MARK}]`);
    body?.removeAttribute(BODY_MARK);
    root = missedArticle(root, measured, body !== null) ?? root;
  }
  // A thread whose posts were announced by their authors is read post by post.
  const posts = (thread?.posts ?? 0) >= 2;
  // A page of short items taken for an article: read whole, and cleaned as the list it is.
  const shortItems = !!whole && !!root && sections && missedList(root, whole);
  if (whole && (!root || named || posts || shortItems || readWhole(kind, root, whole) || (kind === 'article' && missedSections(root, whole, dated ? DATED_BLOCK_SHARE : undefined)) || (kind === 'documentation' && missedCode(root, whole)))) root = whole;
  if (kind === 'product' && root) dropOtherProducts(root);
  if (!root || wordCount(root.textContent) === 0) return null;
  unmarkTeasers(root);
  // A page of blocks says one twice for other screen widths, or clones a carousel's slides: an article
  // only its blocks of blocks (its paragraphs and lines may repeat); a thread any line it said already.
  if (REPEATS_DROPPED.has(kind)) dropRepeatedSiblings(root);
  else if (kind === 'article') dropRepeatedSiblings(root, true);
  else if (kind === 'forum') dropSaidAgain(root);
  // A list's items are links and dates; an article above its teasers is cleaned as an article, less its list's cards.
  const listed = shortItems || ((kind === 'listing' || kind === 'collection') && proseWords(root, true) < wordCount(root.textContent) * ARTICLE_PROSE);
  cleanArticle(root, listed, items ? (element) => element.getAttribute(ITEM_MARK) !== null : undefined);
  if (items) for (const marked of [root, ...root.querySelectorAll(`[${ITEM_MARK}]`)]) marked.removeAttribute(ITEM_MARK);
  return {
    title: article.title?.trim() ?? '',
    // A thread's posts each say their author: the byline Readability took is the first poster's box.
    byline: posts && root === whole ? null : (article.byline ?? null),
    dir: article.dir ?? null,
    lang: article.lang ?? null,
    excerpt: article.excerpt ?? null,
    siteName: article.siteName ?? null,
    root,
    listing: listedItems(root),
    kind,
  };
}

function documentAddress(document: PageDocument): string {
  const d = document as unknown as { URL?: string; documentURI?: string };
  return d.URL ?? d.documentURI ?? '';
}

const REPEATS_DROPPED = new Set<PageKind>(['service', 'listing', 'collection', 'product']);

/**
 * A dated article is Readability's block, unless the block holds under a fifth of a main area of
 * sections: the intro of a list article whose entries (restaurants, brands) Readability left out.
 */
const DATED_BLOCK_SHARE = 0.2;

/**
 * The share of the main area Readability's block may hold and still be the page: of an article (or
 * docs) any share, the area's rest being the page's furniture (a block that missed the article is
 * mended by second-try.ts); of a thread or list; of a page of sections or items, where the block is
 * most often one of them.
 */
/** A block of this many words on a page that looks like a list is an article above its teasers. */
const ARTICLE_WORDS = 250;
/** The share of such a block in paragraphs of running prose outside links: an article, not a run of linked cards. */
const ARTICLE_PROSE = 0.5;
const PART_READ: Record<PageKind, number> = {
  article: 0, documentation: 0, forum: 0.6, listing: 0.6, service: 0.8, collection: 0.8, product: 0.8,
};

/**
 * Whether the page is better read whole than as Readability's block: when the block is a part of the
 * main area (Readability took one section, a caption, the first post).
 */
function readWhole(kind: PageKind, root: PageElement, whole: PageElement): boolean {
  const words = wordCount(root.textContent);
  const part = words / Math.max(1, wordCount(whole.textContent));
  if (kind === 'listing' && words >= ARTICLE_WORDS && proseWords(root, true) >= words * ARTICLE_PROSE) return false;
  return part < PART_READ[kind];
}
/**
 * Whether Readability's block `root` is one section of a documentation page `whole` that shows code
 * beyond it: the page's other sections (its synopsis, its examples) carry code blocks the block lacks,
 * and the page is sections, not the site's menus (as a page of sections taken for an article).
 */
function missedCode(root: PageElement, whole: PageElement): boolean {
  return whole.querySelectorAll('pre').length > root.querySelectorAll('pre').length && missedSections(root, whole);
}

/** A list's cards: six at least, else none are marked. */
const MIN_ITEMS = 6;

/** Marks the cards a list repeats (six or more); whether it did. */
function markItems(area: PageElement): boolean {
  const { members } = repeatedItems(area);
  if (members.length < MIN_ITEMS) return false;
  for (const member of members) member.setAttribute(ITEM_MARK, '');
  return true;
}

/** Teasers a list page shows at least, and the text one takes at most on average. */
const MIN_LISTED = 4;
const MAX_TEASER_CHARS = 400;

/**
 * How many items a page lists when it is a list of other pages rather than an article: headings that
 * are links (each a teaser's title), at least four, with little text under each. Null for an article,
 * whose headings are its own and whose paragraphs run long.
 */
function listedItems(root: PageElement): number | null {
  const headings = [...root.querySelectorAll('h2, h3, h4')];
  const linked = headings.filter((heading) => {
    const text = heading.textContent?.trim().length ?? 0;
    const linkText = [...heading.querySelectorAll('a')].reduce((sum, a) => sum + (a.textContent?.trim().length ?? 0), 0);
    return text > 0 && linkText >= text * 0.7;
  });
  if (linked.length < MIN_LISTED || linked.length < headings.length * 0.6) return null;
  const text = root.textContent?.replace(/\s+/g, ' ').length ?? 0;
  return text / linked.length <= MAX_TEASER_CHARS ? linked.length : null;
}

const BODY_MARK = 'data-pagecast-body';

/**
 * The page's own word on where its article is: the element marked as the article's body (schema.org
 * articleBody), else the largest <article> when it stands out. Several articles of a size (a front
 * page's teasers) name none. Marked, so it can be found in Readability's result.
 */
function markArticleBody(document: PageDocument): void {
  for (const selector of ['[itemprop="articleBody"]', 'article']) {
    const lengths = [...document.querySelectorAll(selector)]
      .map((element) => ({ element, length: element.textContent?.length ?? 0 }))
      .sort((a, b) => b.length - a.length);
    const [best, second] = lengths;
    if (!best || best.length === 0) continue;
    if (lengths.length >= 3 && second && second.length >= best.length * 0.5) return;
    best.element.setAttribute(BODY_MARK, '');
    return;
  }
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
