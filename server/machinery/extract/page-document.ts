/**
 * A page's HTML as a linkedom document that Readability can work on: the page's own address as its
 * documentURI and its <base> (resolved against that address) as its baseURI, so links and images in
 * the article come out absolute. linkedom gives the same text as jsdom at a fraction of the time and
 * memory.
 */
import { parseHTML } from 'linkedom';
import type { PageElement } from '../../../shared/extract/page-dom.ts';

export type PageDocument = ReturnType<typeof parseHTML>['document'];

function resolvedBase(document: PageDocument, url: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (!href) return url;
  try {
    return new URL(href, url).href;
  } catch {
    return url;
  }
}

function hasHtmlAndBody(document: PageDocument): boolean {
  const root = document.documentElement;
  if (root?.tagName !== 'HTML') return false;
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (child.tagName === 'BODY') return true;
  }
  return false;
}

/**
 * A browser implies <html>, <head> and <body> when a page leaves them out; linkedom does not, and
 * Readability needs a body. Such a page is parsed again inside the structure it implied, keeping the
 * <html> element's attributes (lang, dir).
 */
function withImpliedStructure(html: string): string {
  const rootAttributes = /<html\b([^>]*)>/i.exec(html)?.[1] ?? '';
  const inner = html.replace(/<\?xml[^>]*>|<!doctype[^>]*>|<\/?(?:html|head|body)\b[^>]*>/gi, '');
  return `<!doctype html><html${rootAttributes}><head></head><body>${inner}</body></html>`;
}

/**
 * What stands beside the body (an ad slot written between </head> and <body>, a second <body>) is in
 * it, as a browser parses it; linkedom leaves it outside, and its `document.body` is then an empty one
 * it makes. Moved in, in order, before anything asks for the body.
 */
function gatherBody(document: PageDocument): void {
  const nodes = [...document.documentElement.childNodes];
  type Child = (typeof nodes)[number];
  const tag = (node: Child) => (node as { tagName?: string }).tagName;
  // A <body> element is a parent of nodes; its child-node type does not say so.
  const parent = (node: Child) => node as unknown as { prepend(...add: Child[]): void; append(...add: Child[]): void };
  const at = nodes.findIndex((node) => tag(node) === 'BODY');
  if (at < 0) return;
  const body = parent(nodes[at]!);
  body.prepend(...nodes.slice(0, at).filter((node) => tag(node) !== 'HEAD'));
  for (const node of nodes.slice(at + 1)) {
    if (tag(node) !== 'BODY') body.append(node);
    else {
      body.append(...node.childNodes);
      node.remove();
    }
  }
}

/**
 * Scripts (but JSON-LD, which holds the article's metadata), styles, inline SVG and comments, cut from
 * the HTML before parsing: they are never article text, and on a news page they are half the bytes and
 * most of the parse time. A script ends at the first "</script", as in the HTML parser; so does a
 * "<![CDATA[" outside SVG and MathML at the next ">" (linkedom would read the rest of the page as its text).
 * A custom element whose name starts so ("<svg-icon>", "<script-loader>") is an element like any other.
 */
const NEVER_TEXT = /<script(?=[\s/>])(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script\s*>|<style(?=[\s/>])[^>]*>[\s\S]*?<\/style\s*>|<svg(?=[\s/>])[^>]*>[\s\S]*?<\/svg\s*>|<!--[\s\S]*?-->/gi;

/** A "<![CDATA[" outside a (JSON-LD) script, to its bogus comment's end. */
const BOGUS_CDATA = /(<script(?=[\s/>])[^>]*>[\s\S]*?<\/script\s*>)|<!\[CDATA\[[^>]*>/gi;

/** Parses `html` as a page served from `url`. */
export function parsePage(page: string, url: string): PageDocument {
  const html = page.replace(NEVER_TEXT, '').replace(BOGUS_CDATA, (match, script: string | undefined) => script ?? '');
  let { document } = parseHTML(html);
  if (!hasHtmlAndBody(document)) {
    document = parseHTML(withImpliedStructure(html)).document;
    // document.title reads the <head> only.
    const title = document.querySelector('title');
    if (title) document.head.appendChild(title);
  }
  gatherBody(document);
  unwrapNoscript(document);
  const baseURI = resolvedBase(document, url);
  Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  Object.defineProperty(document, 'baseURI', { value: baseURI, configurable: true });
  return document;
}

/** A <noscript> with fewer words than this is a prompt to turn scripts on, or a tracking pixel. */
const MIN_NOSCRIPT_WORDS = 40;

const words = (text: string | null | undefined) => text?.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/**
 * A page that shows most of its text only without scripts (a forum that renders its posts with
 * scripts serves them in <noscript> too) is read as a reader without scripts sees it: each <noscript>
 * with content becomes a <div>, read as any block; a short one (a prompt to enable JavaScript, a
 * pixel) goes. On any other page the <noscript>s stay, unread, as a browser with scripts shows them.
 */
function unwrapNoscript(document: PageDocument): void {
  const noscripts = [...document.querySelectorAll('noscript')].filter((n) => n.isConnected && !n.parentElement?.closest('noscript'));
  const inside = noscripts.reduce((sum, n) => sum + words(n.textContent), 0);
  if (inside < MIN_NOSCRIPT_WORDS || inside < words(document.body?.textContent) - inside) return;
  for (const noscript of noscripts) {
    if (words(noscript.textContent) < MIN_NOSCRIPT_WORDS) {
      noscript.remove();
      continue;
    }
    const div = document.createElement('div');
    while (noscript.firstChild) div.appendChild(noscript.firstChild);
    noscript.replaceWith(div);
  }
}

/**
 * The elements below `root` whose tag is one of `tagNames` (every element for null), in document
 * order, skipping <template> contents: what `querySelectorAll('div,p,…')` answers, by a plain walk.
 * linkedom matches each element through a general selector engine, and Readability asks this query
 * on every pass: on a large page the walk takes a fraction of the time. Names compare in lower case:
 * linkedom keeps an element made by createElement('P') as "P", and Readability makes many.
 */
export function elementsWithTags(root: PageElement, tagNames: readonly string[] | null): PageElement[] {
  const wanted = tagNames && new Set(tagNames.map((t) => t.toLowerCase()));
  const found: PageElement[] = [];
  let node: PageElement = root;
  for (;;) {
    const child = node.localName.toLowerCase() === 'template' && node !== root ? null : node.firstElementChild;
    if (child) {
      node = child;
      if (!wanted || wanted.has(node.localName.toLowerCase())) found.push(node);
      continue;
    }
    // Up by parentNode: the root may be the document, which is no element's parentElement.
    while (node !== root && !node.nextElementSibling) node = node.parentNode as PageElement;
    if (node === root) return found;
    node = node.nextElementSibling!;
    if (!wanted || wanted.has(node.localName.toLowerCase())) found.push(node);
  }
}

/** The last non-empty value `style` gives `name`, split as linkedom's CSSStyleDeclaration splits it. */
function styleValue(style: string, name: string): string {
  let value = '';
  for (const rule of style.split(/\s*;\s*/)) {
    const colon = rule.indexOf(':');
    if (colon < 0 || rule.slice(0, colon).trim() !== name) continue;
    const found = rule.slice(colon + 1).trim();
    if (found) value = found;
  }
  return value;
}

/**
 * Readability's test of whether an element shows (its inline style, hidden, aria-hidden), reading
 * the style attribute as text: linkedom builds a style object for every element Readability asks
 * about, and that was a tenth of the extraction's time.
 */
export function probablyVisible(node: PageElement): boolean {
  const style = node.getAttribute('style');
  if (style && (styleValue(style, 'display') === 'none' || styleValue(style, 'visibility') === 'hidden')) return false;
  if (node.getAttribute('hidden') !== null) return false;
  return node.getAttribute('aria-hidden') !== 'true' || (node.getAttribute('class') ?? '').includes('fallback-image');
}
