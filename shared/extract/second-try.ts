/**
 * Extraction that notices its own failure. Before Readability runs, the page's prose is measured:
 * its teasers of other pages are marked (a heading that is a link, in a container of its own with a
 * little text), and its most coherent block of prose is found (the element whose paragraphs, outside
 * teasers, hold the most words while being most of its own text) and kept aside. After Readability:
 * - a result shorter than an article's opening (under 100 words) holding under two fifths of that
 *   block's prose, where the block has enough prose to be an article, missed it (it took a subtitle,
 *   a caption): the block is the article; a result of article size stands, whatever else the page holds;
 * - a result whose text is mostly teasers, on a page whose block outside the teasers is an article
 *   (two paragraphs and enough words), took the list of other posts: the block is the article; unless
 *   the result holds the page's declared article body, whose linked headings are its own entries (a
 *   list article's brands or places, each a linked name and its paragraph).
 */
import { HIDDEN_STYLE, type PageDocument, type PageElement, type PageNode } from './page-dom.ts';
import { linkWords } from './page-kind.ts';
import { sizesUnder, textLength, wordCount } from './text-sizes.ts';

/** The mark on a teaser of another page, inside the document and Readability's result alike. */
export const TEASER_MARK = 'data-pagecast-teaser';


/** A paragraph counts as prose with this many words at least, and under half of them links. */
const PROSE_PARAGRAPH_WORDS = 8;
/** A teaser's container holds at most this many characters besides its heading. */
const MAX_TEASER_CHARS = 600;
/** Levels above a paragraph its words count for. */
const PROSE_LEVELS = 5;
/** The block is an article with this many prose words (and, outside teasers, two paragraphs). */
const ARTICLE_WORDS = 120;
const SHORT_ARTICLE_WORDS = 60;
/** A result under this many words, with less than this share of the block's prose, missed the article. */
const MISSED_WORDS = 100;
const MISSED_SHARE = 0.4;
/** A result with this share of its text in teasers is a list of other posts. */
const TEASER_SHARE = 0.5;

/** Marks each teaser of another page: a linked heading's own container (one linked heading, a little text). */
function markTeasers(body: PageElement): number {
  let marked = 0;
  let lengths: Map<PageNode, number> | null = null;
  for (const heading of body.querySelectorAll('h2, h3, h4')) {
    const words = wordCount(heading.textContent);
    if (words === 0 || linkWords(heading) < words * 0.7) continue;
    lengths ??= sizesUnder(body, textLength);
    let unit: PageElement | null = null;
    for (let up = heading.parentElement; up && up !== body; up = up.parentElement) {
      if ((lengths.get(up) ?? 0) - (lengths.get(heading) ?? 0) > MAX_TEASER_CHARS) break;
      const linked = [...up.querySelectorAll('h2, h3, h4')].filter((h) => linkWords(h) >= wordCount(h.textContent) * 0.7);
      if (linked.length > 1) break;
      unit = up;
    }
    if (unit && !unit.getAttribute(TEASER_MARK)) {
      unit.setAttribute(TEASER_MARK, '');
      marked++;
    }
  }
  return marked;
}

const inTeaser = (element: PageElement) => {
  for (let up: PageElement | null = element; up; up = up.parentElement) if (up.getAttribute(TEASER_MARK) !== null) return true;
  return false;
};

/** Hidden from the reader: the hidden attribute, aria-hidden, or an inline style that hides it. */
const isHidden = (element: PageElement) =>
  element.getAttribute('hidden') !== null || element.getAttribute('aria-hidden') === 'true' || HIDDEN_STYLE.test(element.getAttribute('style') ?? '');

/** In a teaser, or hidden itself or by an ancestor. */
const outOfProse = (element: PageElement) => {
  for (let up: PageElement | null = element; up; up = up.parentElement) if (up.getAttribute(TEASER_MARK) !== null || isHidden(up)) return true;
  return false;
};

export interface ProseBlock {
  /** A copy of the block, taken before Readability changes the page. */
  copy: PageElement;
  /** Words of prose paragraphs in it, outside teasers. */
  prose: number;
  paragraphs: number;
}

/** The page's most coherent block of prose, outside teasers, copied; null when it has no prose. */
function proseBlock(body: PageElement): ProseBlock | null {
  const prose = new Map<PageElement, { words: number; paragraphs: number }>();
  for (const paragraph of body.querySelectorAll('p')) {
    const words = wordCount(paragraph.textContent);
    if (words < PROSE_PARAGRAPH_WORDS || outOfProse(paragraph) || linkWords(paragraph) * 2 >= words) continue;
    let up = paragraph.parentElement;
    for (let level = 0; up && level < PROSE_LEVELS; level++, up = up.parentElement) {
      const seen = prose.get(up) ?? { words: 0, paragraphs: 0 };
      prose.set(up, { words: seen.words + words, paragraphs: seen.paragraphs + 1 });
      if (up === body) break;
    }
  }
  let best: { element: PageElement; score: number; words: number; paragraphs: number } | null = null;
  // Most prose first: a block's score is at most its prose, so the rest need not be counted.
  for (const [element, { words, paragraphs }] of [...prose].sort((a, b) => b[1].words - a[1].words)) {
    if (best && words <= best.score) break;
    // Coherent: its prose is most of its text, so a page's whole body loses to the article inside it.
    const share = words / Math.max(words, wordCount(element.textContent));
    const score = words * share * share;
    if (!best || score > best.score) best = { element, score, words, paragraphs };
  }
  if (!best) return null;
  const copy = (best.element as unknown as { cloneNode(deep: boolean): PageElement }).cloneNode(true);
  for (const out of [...copy.querySelectorAll(`[${TEASER_MARK}], [hidden], [aria-hidden="true"], [style]`)]) {
    if (out.isConnected !== false && (out.getAttribute(TEASER_MARK) !== null || isHidden(out))) out.remove();
  }
  return { copy, prose: best.words, paragraphs: best.paragraphs };
}

/** What the page holds before Readability: its teasers marked, its best block of prose kept aside. */
export function measurePage(document: PageDocument): { block: ProseBlock | null; teasers: number } {
  const body = document.body;
  if (!body) return { block: null, teasers: 0 };
  const teasers = markTeasers(body);
  return { block: proseBlock(body), teasers };
}

/** Share of `root`'s text that lies in teasers of other pages. */
function teaserShare(root: PageElement): number {
  const all = root.textContent?.length ?? 0;
  if (all === 0) return 0;
  let teasers = 0;
  for (const teaser of root.querySelectorAll(`[${TEASER_MARK}]`)) {
    if (teaser.parentElement && inTeaser(teaser.parentElement)) continue;
    teasers += teaser.textContent?.length ?? 0;
  }
  return teasers / all;
}

/**
 * The article when Readability's result `root` missed it, else null: the prose block when the result
 * holds a small share of its prose, or when the result is mostly teasers (not the entries of the
 * declared article body it holds, `holdsBody`) and the block is an article.
 */
export function missedArticle(root: PageElement, measured: { block: ProseBlock | null; teasers: number }, holdsBody = false): PageElement | null {
  const { block } = measured;
  if (!block) return null;
  if (!holdsBody && measured.teasers > 0 && teaserShare(root) >= TEASER_SHARE && block.paragraphs >= 2 && block.prose >= SHORT_ARTICLE_WORDS) {
    return block.copy;
  }
  const words = wordCount(root.textContent);
  if (block.prose >= ARTICLE_WORDS && words < MISSED_WORDS && words < block.prose * MISSED_SHARE) return block.copy;
  return null;
}

/** Removes the teaser marks from `root` (the article's HTML goes out without them). */
export function unmarkTeasers(root: PageElement): void {
  root.removeAttribute(TEASER_MARK);
  for (const marked of [...root.querySelectorAll(`[${TEASER_MARK}]`)]) marked.removeAttribute(TEASER_MARK);
}
