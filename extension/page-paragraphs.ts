/**
 * The live page's element of each paragraph of the extracted article: paragraph i is line i of the
 * text `readArticle` sends (shared/extract on a clone, then `articleText`), so the same extraction runs
 * again here and each line's first text node is traced back from the clone to the page. Readability
 * moves the clone's text nodes but keeps them, so a clone text node and the page's text node at the
 * same place in document order are the same text. Where the article is a copy (a page read whole, a
 * short page Readability retried), a line is found by its text instead; a line the page never showed
 * (a forum post's "… wrote:") has no element.
 */
import type { PageDocument } from '../shared/extract/page-dom.ts';
import { readableArticle } from '../shared/extract/readable-article.ts';
import { articleText, type ArticleNode } from '../shared/text/article-text.ts';

/** The elements `articleText` breaks lines at, nearest first: the block a line is drawn in. */
const BLOCKS =
  'p,h1,h2,h3,h4,h5,h6,li,dt,dd,blockquote,pre,figcaption,caption,summary,legend,tr,address,' +
  'figure,details,dialog,fieldset,form,header,footer,hgroup,nav,aside,section,article,main,div,dl,ol,ul,menu,dir,table,center,body';

function textNodes(doc: Document): Node[] {
  const nodes: Node[] = [];
  const walker = doc.createTreeWalker(doc, 0x4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  return nodes;
}

const collapse = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The innermost block around a text node. */
function blockOf(node: Node): Element | null {
  return node.parentElement?.closest(BLOCKS) ?? null;
}

/**
 * Paragraph i's element on the page (null where none is found); empty when the page has no article.
 * Runs in the page's tab, on its live document, which it leaves untouched.
 */
export function paragraphElements(doc: Document): (Element | null)[] {
  const clone = doc.cloneNode(true) as Document;
  const live = textNodes(doc);
  const copies = textNodes(clone);
  const toLive = new Map<Node, Node>();
  copies.forEach((copy, i) => {
    const original = live[i];
    if (original) toLive.set(copy, original);
  });

  let content: Node | null | undefined;
  try {
    content = readableArticle(clone as unknown as PageDocument)?.root as unknown as Node | undefined;
  } catch {
    return [];
  }
  if (!content) return [];
  const starts: ArticleNode[] = [];
  const lines = articleText(content, starts).split('\n');

  // The page's blocks in document order, for lines found by their text.
  let candidates: Element[] | null = null;
  let after = -1;
  return lines.map((line, i) => {
    const traced = toLive.get(starts[i] as unknown as Node);
    const element = traced ? blockOf(traced) : null;
    if (element) return element;
    candidates ??= [...doc.body.querySelectorAll(BLOCKS)];
    const wanted = collapse(line).slice(0, 80); // cells are tab-separated in the line
    // The innermost block after the last one found whose text starts with the line.
    for (let j = Math.max(0, after); j < candidates.length; j++) {
      const candidate = candidates[j]!;
      if (!collapse(candidate.textContent).startsWith(wanted)) continue;
      let inner = j;
      for (let k = j + 1; k < candidates.length && candidate.contains(candidates[k]!); k++) {
        if (collapse(candidates[k]!.textContent).startsWith(wanted)) inner = k;
      }
      after = inner;
      return candidates[inner]!;
    }
    return null;
  });
}
