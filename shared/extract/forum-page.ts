/**
 * Rules for a page read whole that are about posts: what in a thread is a post (it holds running
 * prose) and what is the chrome around it.
 */
import { TEXT_NODE, type PageElement, type PageNode } from './page-dom.ts';
import { wordCount } from './text-sizes.ts';


/** A run of text this long (in words) is a sentence of prose, not a label, a count or a button. */
const PROSE_RUN = 12;

/**
 * Whether `element` holds running prose: a run of text of twelve words or more.
 * A container whose class names chrome ("rank-admin", "has-votes") but that holds a post is the post.
 * The walk stops at the first such run.
 */
export function holdsProse(element: PageElement): boolean {
  let node: PageNode | null = element.firstChild;
  while (node && node !== element) {
    if (node.nodeType === TEXT_NODE) {
      if (wordCount(node.nodeValue) >= PROSE_RUN) return true;
    }
    if (node.firstChild) {
      node = node.firstChild;
      continue;
    }
    while (node && node !== element && !node.nextSibling) node = node.parentNode;
    if (!node || node === element) break;
    node = node.nextSibling;
  }
  return false;
}
