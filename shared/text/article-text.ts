/**
 * The readable text of an extracted article, built from its DOM: one line per block.
 *
 * Readability's `textContent` joins the text of adjacent blocks with nothing in between, so words run
 * together where a heading meets a paragraph ("ImagesDUBAI"). A reader (and a voice) sees a break
 * there, so this walks the DOM and puts a line break at each block element and each `<br>`, collapses
 * whitespace the way HTML renders it, and keeps `<pre>` lines. The server (linkedom) and the extension
 * (the page's own DOM) both call it, so it takes the node as a parameter and types it structurally:
 * no DOM globals, no DOM lib types.
 */

/** The part of the DOM Node interface this module reads; a DOM Element or Document satisfies it. */
export interface ArticleNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly firstChild: ArticleNode | null;
  readonly nextSibling: ArticleNode | null;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;

/** Elements that start and end a line (HTML's block-level and list/table structure). */
const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog',
  'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p',
  'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul',
]);

/** A WordPress page builder's layout code: "[vc_column width="1/2"]", "[/vc_row]", "[et_pb_text]", "[fusion_builder_row]". */
const SHORTCODE = /\[\/?(?:vc|et_pb|fusion|av|cs|mk|tatsu|themify|fl)_[a-z0-9_]*(?:\s[^\]]*)?\]/gi;

/** Table cells sit side by side: a tab keeps them apart without breaking the row. */
const CELL_ELEMENTS = new Set(['td', 'th']);

/** Elements whose text is never read. */
const SKIPPED_ELEMENTS = new Set([
  'head', 'script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math',
  'canvas', 'video', 'audio', 'select', 'textarea', 'button',
]);

/**
 * The text of `root` as a reader sees it: a line per block element and per `<br>`, whitespace within
 * a line collapsed to single spaces, lines trimmed, empty lines dropped, lines joined with `\n`.
 * `lineStarts`, when given, receives each line's first text node with words (the extension's
 * read-along finds a paragraph's element on the page from it). The cells of a table row are
 * separated by a tab (an empty cell keeps its place), so read mode can name each cell's column.
 */
export function articleText(root: ArticleNode, lineStarts?: ArticleNode[]): string {
  const lines: string[] = [];
  let line = '';
  let lineStart: ArticleNode | null = null;
  let cells = 0;
  const append = (text: string, node: ArticleNode) => {
    if (lineStart === null && /\S/.test(text)) lineStart = node;
    // A tab in the text is a space: tabs mark cell boundaries only. A page builder's layout code left in
    // the text ("[vc_row]", "[/et_pb_section]") is never read.
    line += text.replace(/\t/g, ' ').replace(SHORTCODE, ' ');
  };
  const breakLine = () => {
    const trimmed = line.replace(/[^\S\t]+/g, ' ').replace(/ ?\t ?/g, '\t').replace(/^ | $/g, '');
    if (/[^\s]/.test(trimmed)) {
      lines.push(trimmed);
      if (lineStarts && lineStart) lineStarts.push(lineStart);
    }
    line = '';
    lineStart = null;
    cells = 0;
  };

  // Iterative walk: an article nested thousands of levels deep must not overflow the stack.
  type Frame = { node: ArticleNode; name: string; pre: boolean };
  const stack: Frame[] = [];
  let preDepth = 0;
  let node: ArticleNode | null = root.firstChild;
  if (root.nodeType === ELEMENT_NODE) {
    // The root's own kind matters when it is itself a <pre>.
    const name = root.nodeName.toLowerCase();
    if (SKIPPED_ELEMENTS.has(name)) return '';
    if (name === 'pre') preDepth++;
  } else if (root.nodeType !== DOCUMENT_NODE && root.nodeType !== DOCUMENT_FRAGMENT_NODE) {
    node = null;
    if (root.nodeType === TEXT_NODE || root.nodeType === CDATA_SECTION_NODE) append(root.nodeValue ?? '', root);
  }

  while (node || stack.length > 0) {
    if (!node) {
      // Leaving an element: close its block and continue with its next sibling.
      const frame = stack.pop()!;
      if (BLOCK_ELEMENTS.has(frame.name)) breakLine();
      if (frame.pre) preDepth--;
      node = frame.node.nextSibling;
      continue;
    }
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      const value = node.nodeValue ?? '';
      if (preDepth > 0) {
        const parts = value.split(/\r\n|\r|\n/);
        parts.forEach((part, i) => {
          if (i > 0) breakLine();
          append(part, node!);
        });
      } else {
        append(value, node);
      }
      node = node.nextSibling;
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) {
      node = node.nextSibling;
      continue;
    }
    const name = node.nodeName.toLowerCase();
    if (SKIPPED_ELEMENTS.has(name)) {
      node = node.nextSibling;
      continue;
    }
    if (name === 'br') {
      breakLine();
      node = node.nextSibling;
      continue;
    }
    if (BLOCK_ELEMENTS.has(name)) breakLine();
    else if (CELL_ELEMENTS.has(name) && cells++ > 0) line += '\t';
    const pre = name === 'pre';
    if (pre) preDepth++;
    stack.push({ node, name, pre });
    node = node.firstChild;
  }
  breakLine();
  return lines.join('\n');
}
