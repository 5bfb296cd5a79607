/**
 * The size of each element's text under a root, by one walk: each text node measured once and its
 * measure added to its ancestors. Asking each element's textContent instead walks the page once per
 * level of nesting, and on a large page that was a good part of the extraction's time.
 */
import { ELEMENT_NODE, TEXT_NODE, type PageElement, type PageNode } from './page-dom.ts';

/**
 * `measure` of the text under each element of `root` (`root` included), summed over its text nodes:
 * exact for a length; for words, one split between two elements ("<b>un</b>done") counts twice.
 */
export function sizesUnder(root: PageElement, measure: (text: string | null) => number): Map<PageNode, number> {
  const sizes = new Map<PageNode, number>([[root, 0]]);
  const enter = (node: PageNode) => sizes.set(node, node.nodeType === TEXT_NODE ? measure(node.nodeValue) : 0);
  let node: PageNode = root;
  for (;;) {
    const child = node.nodeType === ELEMENT_NODE ? node.firstChild : null;
    if (child) {
      node = child;
      enter(node);
      continue;
    }
    // Up to the next sibling, adding each finished node's size to its parent.
    while (node !== root) {
      const parent = node.parentNode!;
      sizes.set(parent, (sizes.get(parent) ?? 0) + sizes.get(node)!);
      if (node.nextSibling) break;
      node = parent;
    }
    if (node === root) return sizes;
    node = node.nextSibling!;
    enter(node);
  }
}

/** Runs of letters and digits: the words every extraction rule counts. */
export const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text. */
export const wordCount = (text: string | null | undefined) => text?.match(WORD)?.length ?? 0;

/** A node's text as one line: each run of whitespace one space, none at either end. */
export const lineText = (node: { readonly textContent: string | null }) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The length of a text (what textContent.length sums). */
export const textLength = (text: string | null) => text?.length ?? 0;
