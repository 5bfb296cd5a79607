/**
 * A page of sections that was taken for an article: a company's page (hero, features, testimonials,
 * pricing, questions) whose sections each hold a little prose, of which Readability keeps the one
 * that scores best. Such a page is read whole when
 * - it does not declare itself a dated article (a schema.org Article or BlogPosting, a publication
 *   date): a news page's article is its block, whatever the page holds beside it;
 * - Readability's block holds under three fifths of the main area's words;
 * - the main area is prose (a fifth of its words in paragraphs of eight words or more) and not
 *   links (under three tenths of its words in links, the line a page of short items starts at): the
 *   rest of the page is more sections, not a list of other pages or the site's menus;
 * - when a fifth or more of the area's words are links (each section's "learn more"), the block holds
 *   under half of it (an article above a row of teasers is about half of its page), and the rest is
 *   not six or more cards of one kind holding four fifths of it (the teasers themselves).
 * A page of short items taken for an article (recipes, papers, jobs) is read whole too when
 * Readability's block holds under two fifths of the main area's words and the area is links, not prose.
 */
import { ARTICLE_TYPES, declaredTypes, linkWords, proseWords, repeatedItems } from './page-kind.ts';
import type { PageDocument, PageElement } from './page-dom.ts';
import { wordCount } from './text-sizes.ts';



/** Whether the page declares itself a dated article: an article type, or a publication date. */
export function declaresDatedArticle(document: PageDocument): boolean {
  const types = declaredTypes(document);
  if (ARTICLE_TYPES.some((type) => types.has(type))) return true;
  return document.querySelectorAll('meta[property="article:published_time"], [itemprop="datePublished"]').length > 0;
}

const MAX_BLOCK_SHARE = 0.6;
const MIN_PROSE_SHARE = 0.2;
const MAX_LINK_SHARE = 0.3;
/** A main area a fifth of whose words are links: its block must hold under half of it, and the rest not be teasers. */
const LINKED_AREA_SHARE = 0.2;
const LINKED_BLOCK_SHARE = 0.5;
const MIN_TEASERS = 6;
const TEASERS_SHARE = 0.8;

/** The main area's words, when Readability's block `root` holds under `share` of them; else null. */
function wordsBeyondBlock(root: PageElement, whole: PageElement, share: number): number | null {
  const words = wordCount(whole.textContent);
  return words === 0 || wordCount(root.textContent) >= words * share ? null : words;
}

/** Whether Readability's block `root` (under `share` of it) is one section of `whole`, the page's main area of sections. */
export function missedSections(root: PageElement, whole: PageElement, share = MAX_BLOCK_SHARE): boolean {
  const words = wordsBeyondBlock(root, whole, share);
  if (words === null) return false;
  const links = linkWords(whole);
  if (links >= words * MAX_LINK_SHARE) return false;
  if (links >= words * LINKED_AREA_SHARE) {
    const block = wordCount(root.textContent);
    if (block >= words * LINKED_BLOCK_SHARE) return false;
    const cards = repeatedItems(whole);
    if (cards.items >= MIN_TEASERS && cards.words >= (words - block) * TEASERS_SHARE) return false;
  }
  return proseWords(whole) >= words * MIN_PROSE_SHARE;
}

const MAX_LIST_BLOCK_SHARE = 0.4;
const MAX_LIST_PROSE_SHARE = 0.3;
const MIN_LIST_LINK_SHARE = 0.3;

/**
 * Whether Readability's block `root` is one item of `whole`, a page of short items taken for an
 * article (a list of recipes, papers, jobs): the block holds a small share of the main area's words,
 * and the main area is items, not prose: three tenths of its words or more in links (each item's
 * title), under three tenths in paragraphs of eight words or more.
 */
export function missedList(root: PageElement, whole: PageElement): boolean {
  const words = wordsBeyondBlock(root, whole, MAX_LIST_BLOCK_SHARE);
  if (words === null) return false;
  return linkWords(whole) >= words * MIN_LIST_LINK_SHARE && proseWords(whole) < words * MAX_LIST_PROSE_SHARE;
}
