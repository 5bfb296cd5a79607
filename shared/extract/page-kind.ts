/**
 * What kind of page a document is, from its structure: the schema.org types it declares (JSON-LD and
 * microdata), the shape of its address's path, and what its main area repeats. An article is the
 * default; the other kinds are read whole (see whole-page.ts) rather than as one block of prose.
 * - forum: discussion or question-and-answer markup, repeated posts with their authors, a thread's
 *   path (/t/…, /threads/…, /topic/…, viewtopic, showthread, /questions/…) or a page below a forum's
 *   own host (forum.…, community.…);
 * - product: a Product declared with an offer or a price, or a product's path with a price shown;
 * - collection: a catalogue's path (/collections/…, /category/…) or an item list of products; or
 *   repeated cards mostly priced, or prices beside linked teasers, unless the page declares itself an
 *   article (a story on drug prices, a roundup of deals: its prices are its subject);
 * - listing: many repeated teasers (a linked heading each), or most words in links, and little prose
 *   outside links; or a declared CollectionPage or SearchResultsPage (a collection when it shows
 *   prices); or teaser cards (each opening with a link and carrying a summary) that hold half of the
 *   main area's words;
 * - documentation: a docs path or blocks of code beside a navigation tree;
 * - service: several sibling sections each with its own heading and little running prose.
 */
import { ELEMENT_NODE, TEXT_NODE, type PageDocument, type PageElement, type PageNode } from './page-dom.ts';
import { sizesUnder, wordCount } from './text-sizes.ts';

export const PAGE_KINDS = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];


/** The schema.org types the page declares, in JSON-LD and microdata. */
export function declaredTypes(document: PageDocument): Set<string> {
  const types = new Set<string>();
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    for (const match of (script.textContent ?? '').matchAll(/"@type"\s*:\s*(?:\[\s*)?"(?:https?:\/\/schema\.org\/)?([A-Za-z]+)"/g)) types.add(match[1]!);
  }
  for (const element of document.querySelectorAll('[itemtype]')) {
    for (const type of (element.getAttribute('itemtype') ?? '').split(/\s+/)) {
      const name = /([A-Za-z]+)\/?$/.exec(type)?.[1];
      if (name) types.add(name);
    }
  }
  return types;
}

const FORUM_TYPES = ['DiscussionForumPosting', 'QAPage'];
const FORUM_PATH = /\/(?:t|threads?|forums?|discussions?|questions|comments|boards)\/|\/topics?\/\d|viewtopic|showthread|showtopic|[?&]topic=|\/thread-\d/i;
/** A forum's own host ("forum.example.com", "community.example.com"), below its front page. */
const FORUM_HOST = /^(?:forums?|community|discuss|discourse|boards?)\./i;
const SERVICE_PATH = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/?)?$|\/(?:services?|solutions?|features?|pricing|platform|products?|use-cases?|industries|about|enterprise|business)(?:\/|$|\.)/i;
/** The schema.org types of an article. */
export const ARTICLE_TYPES = ['Article', 'NewsArticle', 'BlogPosting', 'ReportageNewsArticle', 'AnalysisNewsArticle', 'OpinionNewsArticle', 'ScholarlyArticle', 'TechArticle', 'Report'];

const PRODUCT_PATH = /\/(?:products?|dp|ip|item|p)\/[^/]+/i;
const COLLECTION_PATH = /\/(?:collections?|categor(?:y|ies)|shop|browse|c)\/[^/]|\/(?:collections?|categor(?:y|ies)|shop)\/?$/i;
const DOCS_PATH = /\/(?:docs?|documentation|reference|api|manual|handbook|guides?|tutorials?|wiki|man|learn)\/|^\/?(?:docs?|developer|developers|wiki)\./i;
const PRICE = /(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|EUR|USD|GBP)\b)/g;

function pathOf(url: string): { host: string; path: string } {
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname, path: parsed.pathname + parsed.search };
  } catch {
    return { host: '', path: '' };
  }
}

/** Headings that are links, each in a small container: teasers of other pages. */
function linkedHeadings(area: PageElement): number {
  let linked = 0;
  for (const heading of area.querySelectorAll('h2, h3, h4, h5')) {
    const words = wordCount(heading.textContent);
    if (words === 0) continue;
    let inLinks = 0;
    for (const a of heading.querySelectorAll('a')) inLinks += wordCount(a.textContent);
    const parentLink = heading.parentElement?.localName.toLowerCase() === 'a';
    if (parentLink || inLinks >= words * 0.7) linked++;
  }
  return linked;
}

/** Words in the links of `area`. */
export function linkWords(area: PageElement): number {
  let words = 0;
  for (const link of area.querySelectorAll('a')) words += wordCount(link.textContent);
  return words;
}

/** Words in paragraphs of running prose (eight words or more); with `unlinked`, not a paragraph that is mostly a link (a card's title). */
export function proseWords(area: PageElement, unlinked = false): number {
  let words = 0;
  for (const paragraph of area.querySelectorAll('p')) {
    const count = wordCount(paragraph.textContent);
    if (count >= 8 && !(unlinked && (paragraph.closest('a') || linkWords(paragraph) >= count * LINKED_PARAGRAPH))) words += count;
  }
  return words;
}
const LINKED_PARAGRAPH = 0.75;
/** The share of a main area's words in links from which, with little prose outside them, it is a list of links. */
const LINKED_PAGE = 0.7;

/** Sibling <section>s (or blocks of one kind) that each carry a heading of their own. */
function headedSections(area: PageElement): number {
  let best = 0;
  for (const parent of [area, ...area.querySelectorAll('main, article, div')]) {
    let headed = 0;
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (child.localName.toLowerCase() === 'section' && child.querySelector('h1, h2, h3')) headed++;
    }
    best = Math.max(best, headed);
    if (best >= 4) break;
  }
  return best;
}

export interface RepeatedItems {
  items: number;
  words: number;
  priced: number;
  /** The items themselves, in order. */
  members: PageElement[];
}

/**
 * The most items one parent repeats: children of the same tag and class, each holding a link and a
 * short text (a card, a teaser, a row of results), and the words they hold together.
 */
export function repeatedItems(area: PageElement): RepeatedItems {
  let best: RepeatedItems = { items: 0, words: 0, priced: 0, members: [] };
  const counts = sizesUnder(area, wordCount);
  for (const parent of [area, ...area.querySelectorAll('div, ul, ol, section, tbody, table')]) {
    const groups = new Map<string, RepeatedItems>();
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      const words = counts.get(child) ?? 0;
      if (words < 2 || words > 120 || !(child.localName.toLowerCase() === 'a' || child.querySelector('a'))) continue;
      const key = `${child.localName}.${child.getAttribute('class') ?? ''}`;
      const group = groups.get(key) ?? { items: 0, words: 0, priced: 0, members: [] };
      group.items++;
      group.members.push(child);
      group.words += words;
      if (PRICE_ONCE.test(child.textContent ?? '')) group.priced++;
      groups.set(key, group);
    }
    for (const group of groups.values()) if (group.items > best.items) best = group;
  }
  return best;
}
/** A price in a card's text: "$19", "19,99 €". */
export const PRICE_ONCE = /[$€£¥]\s?\d|\d\s?(?:€|EUR|USD|GBP)\b/;

/** Whether a card opens with a link: its first picture or word is inside a link to another page (a teaser's image or title). */
function opensWithLink(card: PageElement): boolean {
  let node: PageNode = card;
  for (;;) {
    const child = node.nodeType === ELEMENT_NODE ? node.firstChild : null;
    if (child) node = child;
    else {
      while (node !== card && !node.nextSibling) node = node.parentNode!;
      if (node === card) return false;
      node = node.nextSibling!;
    }
    const picture = node.nodeType === ELEMENT_NODE && (node as PageElement).localName.toLowerCase() === 'img';
    if (!picture && !(node.nodeType === TEXT_NODE && wordCount(node.nodeValue) > 0)) continue;
    const element = picture ? (node as PageElement) : (node.parentNode as PageElement | null);
    const link = element?.closest('a[href]');
    return !!link && (link === card || isWithin(link, card)) && !(link.getAttribute('href') ?? '').startsWith('#');
  }
}

function isWithin(element: PageElement, ancestor: PageElement): boolean {
  for (let up = element.parentElement; up; up = up.parentElement) if (up === ancestor) return true;
  return false;
}

/** Teaser cards a list shows at least, the words of summary each carries outside its links, and the share of the main area's words they hold. */
const MIN_CARDS = 5;
const CARD_SUMMARY_WORDS = 8;
const CARDS_SHARE = 0.5;

/**
 * Whether the main area is mostly teaser cards: five or more children of one parent of the same tag
 * and class (blocks, not paragraphs), each opening with a link (its image or its title) and carrying a
 * summary outside its links, that together hold half of the area's words, with no more prose outside
 * them than one card holds (more is an article above its teasers). A blog's index whose cards carry
 * prose summaries is a list of other pages, not an article.
 */
function teaserCards(area: PageElement, counts: Map<PageNode, number>, words: number): boolean {
  for (const parent of [area, ...area.querySelectorAll('div, ul, ol, section, main')]) {
    const groups = new Map<string, PageElement[]>();
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      const name = child.localName.toLowerCase();
      if (name === 'p' || (counts.get(child) ?? 0) < CARD_SUMMARY_WORDS) continue;
      const key = `${name}.${child.getAttribute('class') ?? ''}`;
      const group = groups.get(key);
      if (group) group.push(child);
      else groups.set(key, [child]);
    }
    for (const cards of groups.values()) {
      if (cards.length < MIN_CARDS) continue;
      const held = cards.reduce((sum, card) => sum + (counts.get(card) ?? 0), 0);
      if (held < words * CARDS_SHARE) continue;
      const teasers = cards.filter((card) => {
        let linked = 0;
        for (const a of card.querySelectorAll('a')) linked += counts.get(a) ?? 0;
        return (counts.get(card) ?? 0) - linked >= CARD_SUMMARY_WORDS && opensWithLink(card);
      });
      if (teasers.length < cards.length * 0.8) continue;
      // Prose outside the cards longer than a card: an article above its teasers.
      const inside = cards.reduce((sum, card) => sum + proseWords(card), 0);
      return proseWords(area) - inside <= held / cards.length;
    }
  }
  return false;
}

/** Whether the page says it is a forum thread, by its markup or its address: known before any area is dropped. */
export function declaresForum(document: PageDocument, url: string, types = declaredTypes(document)): boolean {
  const { host, path } = pathOf(url);
  return FORUM_TYPES.some((type) => types.has(type)) || FORUM_PATH.test(path) || (FORUM_HOST.test(host) && path.length > 1);
}

/** The page's kind, judged on the document after the dropped areas went; `url` is its address. */
export function pageKind(document: PageDocument, area: PageElement, url: string): PageKind {
  const types = declaredTypes(document);
  const { host, path } = pathOf(url);
  const text = area.textContent ?? '';
  const words = wordCount(text);
  const prose = proseWords(area);
  if (declaresForum(document, url, types)) return 'forum';
  const prices = text.match(PRICE)?.length ?? 0;
  if (types.has('Product') && (types.has('Offer') || types.has('AggregateOffer') || prices > 0) && !types.has('ItemList')) return 'product';
  if (PRODUCT_PATH.test(path) && prices > 0 && prices < 12) return 'product';
  const teasers = linkedHeadings(area);
  if (COLLECTION_PATH.test(path) || (types.has('ItemList') && (types.has('Product') || prices >= 4))) return 'collection';
  // A page that declares itself a collection of pages or search results lists them.
  if (types.has('CollectionPage') || types.has('SearchResultsPage')) return prices >= 4 ? 'collection' : 'listing';
  const repeated = repeatedItems(area);
  const listed = repeated.items >= 6 && repeated.words >= words * 0.3;
  // Prices in a page that declares itself an article are its subject (a story on drug prices, a deals roundup).
  const article = ARTICLE_TYPES.some((type) => types.has(type));
  if (!article && listed && repeated.priced >= repeated.items * 0.5) return 'collection';
  if (!article && prices >= 6 && teasers >= 4) return 'collection';
  // Most of its words in links, little prose outside them: a list of other pages, whatever its markup.
  if ((teasers >= 6 || listed || linkWords(area) >= words * LINKED_PAGE) && proseWords(area, true) < words * 0.5) return 'listing';
  // Teaser cards that carry prose summaries: a blog's or a section's index, whatever its share of prose.
  if (teaserCards(area, sizesUnder(area, wordCount), words)) return 'listing';
  const code = area.querySelectorAll('pre').length;
  if (DOCS_PATH.test(path) || DOCS_PATH.test(host) || (code >= 2 && prose < words * 0.7)) return 'documentation';
  if (headedSections(area) >= 3 && prose < words * 0.6) return 'service';
  if (SERVICE_PATH.test(path) && prose < words * 0.6) return 'service';
  return 'article';
}

/** Whether the page's address names a company's offer (its services, solutions, pricing) or its front page. */
export const servicePath = (url: string): boolean => SERVICE_PATH.test(pathOf(url).path);
