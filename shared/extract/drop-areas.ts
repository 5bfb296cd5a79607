/**
 * The areas dropped before extraction, in place:
 * - elements that are never article text: script (not JSON-LD, which Readability reads the metadata
 *   from), style, iframe, nav, footer, header, aside, form controls, dialogs;
 * - landmarks that are not the article (navigation, banner, footer, sidebar and search roles), dialogs
 *   and live regions (alert and status roles: a carousel's "Slide 1 of 8", a cart's "Added");
 * - once the kind of page is known, off a product page, forms holding no running prose (`dropForms`);
 * - boilerplate areas recognised by a word of their class or id: advertising, sharing, comments,
 *   newsletters and sign-ups, related and recommended stories, breadcrumbs, cookie and consent
 *   notices, pop-ups, author boxes, screen-reader-only labels; on a forum, posters' signatures. A
 *   name splits into words at dashes, underscores and case changes ("shareBar__icons" is share, bar,
 *   icons); a hexadecimal hash in a name ("container-28addc53ad") is no words; on the area that
 *   holds the page's article a "--" modifier is its layout ("post--sidebar-right"), no words; inside code
 *   (`<pre>`, `<code>`) a class names a token ("hljs-comment"), and nothing there goes for its name.
 * A <header> that holds most of the page's text (and no navigation) is kept: the article inside it. So is
 * one that opens one of three or more sibling <article>s (off a forum): a teaser's title and summary;
 * and one inside a <section>, with no navigation and under half of its words in links: that section's
 * heading and intro.
 * An area that holds most of the page's text is kept whatever its name says: a class on the
 * article's own wrapper ("post has-comments") must not take the article with it. So are areas of one
 * kind (the same tag and class) that together hold most of it: an article laid out as a row of blocks
 * whose class happens to hold such a word ("text-widget sidebar-style") is the article.
 */
import { holdsProse } from './forum-page.ts';
import { isInside, type PageDocument, type PageElement } from './page-dom.ts';
import { linkWords } from './page-kind.ts';
import { elementNames } from './page-labels.ts';
import { wordCount } from './text-sizes.ts';

const DROPPED_ELEMENTS = new Set([
  'SCRIPT', 'STYLE', 'IFRAME', 'NAV', 'FOOTER', 'HEADER', 'ASIDE', 'BUTTON', 'SELECT', 'TEXTAREA', 'DIALOG', 'FIGCAPTION',
]);
// Live regions (alert, status) hold what the page announces as it runs: "Slide 1 of 8", "Added to cart", an error.
const DROPPED_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog', 'alert', 'status']);

function isDroppedElement(element: PageElement, name: string): boolean {
  if (DROPPED_ELEMENTS.has(name)) return name !== 'SCRIPT' || element.getAttribute('type') !== 'application/ld+json';
  const role = element.getAttribute('role');
  return role !== null && DROPPED_ROLES.has(role);
}

/** Words of a class or id that mark a boilerplate area. */
const BOILERPLATE_WORDS = new Set([
  'ad', 'ads', 'advert', 'adverts', 'advertisement', 'advertising', 'sponsor', 'sponsored', 'promo', 'promotion',
  'share', 'sharing', 'sharebar', 'social', 'comment', 'comments', 'disqus',
  'newsletter', 'signup', 'subscribe', 'subscription',
  'related', 'recommended', 'recommendations', 'outbrain', 'taboola', 'trending', 'popular',
  'breadcrumb', 'breadcrumbs', 'cookie', 'cookies', 'consent', 'popup',
  'sidebar', 'bio', 'offscreen', 'sronly', 'visuallyhidden',
]);

/** Inside code a class names a token (highlight.js's "hljs-comment"), not an area of the page. */
const CODE_ELEMENTS = new Set(['PRE', 'CODE']);

/** Never dropped, whatever their class says: they hold the page itself. */
const KEPT_ELEMENTS = new Set(['HTML', 'HEAD', 'BODY', 'MAIN', 'ARTICLE']);

/** An area holding more than this share of the page's text is never dropped for its name. */
const MAX_DROPPED_SHARE = 0.4;

const NEGATIONS = new Set(['no', 'not', 'non', 'hasnt', 'without']);

/** A name made of words, not a utility class ("Mx(a)--modalCentered") or a heading's slug. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9]*(?:[-_]+[A-Za-z0-9]+){0,3}[-_]*$/;

/** A part of a name that is a hexadecimal hash: letters a to f mixed with digits. */
const HASH = /^(?=[a-f]*\d)(?=\d*[a-f])[\da-f]{5,}$/i;

/** Words naming comments: on a forum, an area so named that holds a fifth of the page is the thread itself. */
const COMMENT_WORDS = new Set(['comment', 'comments']);
const THREAD_SHARE = 0.2;
/** Words naming a poster's signature: boilerplate on a forum only (elsewhere a "signature dish" is the page). */
const SIGNATURE_WORDS = new Set(['signature', 'sig']);

/**
 * Whether a name marks boilerplate (on a forum, `thread`, a signature too): 'comments' when only its
 * comment words do, else true or false. `blockOnly` reads the name's block, not a "--" modifier after it.
 */
function boilerplateName(name: string, thread: boolean, blockOnly = false): boolean | 'comments' {
  if (!PLAIN_NAME.test(name)) return false;
  const words = (blockOnly ? name.split('--')[0]! : name)
    .split(/[-_]+/)
    // A hash a build tool appended ("container-28addc53ad", "element-38ad5ea") is no words: its letters are not "ad".
    .filter((part) => !HASH.test(part))
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  // "hasnt-bio", "no-comments": a state of the area, not what it is.
  if (words.some((word) => NEGATIONS.has(word))) return false;
  // Joined pairs too: "sr-only", "off-screen", "share-bar".
  let comments = false;
  for (let i = 0; i < words.length; i++) {
    if (COMMENT_WORDS.has(words[i]!)) comments = true;
    else if (BOILERPLATE_WORDS.has(words[i]!) || (thread && SIGNATURE_WORDS.has(words[i]!))) return true;
    if (i + 1 < words.length && BOILERPLATE_WORDS.has(words[i]! + words[i + 1]!)) return true;
  }
  return comments && 'comments';
}

/**
 * Whether an element's class or id names it as boilerplate: 'comments' when only for comments. On the
 * area holding the page's article (`holdsArticle`) a modifier names a layout: "post--sidebar-right" is
 * a post beside a sidebar, where elsewhere "rail--trending" is a rail of trending stories.
 */
function boilerplateArea(element: PageElement, thread: boolean, holdsArticle: (element: PageElement) => boolean): boolean | 'comments' {
  let found: boolean | 'comments' = false;
  for (const name of elementNames(element)) {
    let named = boilerplateName(name, thread);
    if (named && name.includes('--') && holdsArticle(element)) named = boilerplateName(name, thread, true);
    if (named === true) return true;
    found ||= named;
  }
  return found;
}

/**
 * Calls `visit` on each element under `root` in document order; when it answers true (it removed the
 * element, or its subtree is not to be judged), the element's subtree is skipped. A loop, not
 * recursion: the page decides the depth.
 */
function eachElement(root: PageElement, visit: (element: PageElement, name: string) => boolean): void {
  let element = root.firstElementChild;
  while (element) {
    const next = nextAfter(element, root);
    if (visit(element, element.tagName.toUpperCase())) {
      element = next;
      continue;
    }
    element = element.firstElementChild ?? next;
  }
}

/** The element after `element`'s subtree, within `root`. */
function nextAfter(element: PageElement, root: PageElement): PageElement | null {
  for (let node: PageElement | null = element; node && node !== root; node = node.parentElement) {
    if (node.nextElementSibling) return node.nextElementSibling;
  }
  return null;
}

/** The length of an element's text less its JSON-LD (a page may repeat all of its posts there). */
function shownTextLength(element: PageElement | null | undefined): number {
  if (!element) return 0;
  let length = element.textContent?.length ?? 0;
  for (const script of element.querySelectorAll('script')) length -= script.textContent?.length ?? 0;
  return length;
}


/** Whether a <header> opens one of three or more sibling <article>s: a list's teaser, not the page's masthead. */
function teaserHeader(header: PageElement): boolean {
  const article = header.closest('article');
  if (!article || header.querySelector('nav')) return false;
  let siblings = 0;
  for (let other = article.parentElement?.firstElementChild ?? null; other; other = other.nextElementSibling) if (other.tagName.toUpperCase() === 'ARTICLE') siblings++;
  return siblings >= 3;
}

/** Whether a <header> introduces a <section> it sits in: no navigation, and under half of its words in links (not a masthead). */
function sectionHeader(header: PageElement): boolean {
  if (!header.parentElement?.closest('section') || header.querySelector('nav')) return false;
  return linkWords(header) < wordCount(header.textContent) * 0.5;
}

/** Removes the dropped areas from `document` in place; on a forum (`thread`) an area named for comments that holds a fifth of the page is the thread and stays, and so do the areas named for comments inside it. */
export function dropAreas(document: PageDocument, thread = false): void {
  const root = document.documentElement;
  const bodyText = document.body?.textContent?.length ?? 0;
  eachElement(root, (element, name) => {
    if (!isDroppedElement(element, name)) return false;
    // A <header> holding most of the page's text is the article's own wrapper, not the masthead.
    if (name === 'HEADER' && (element.textContent?.length ?? 0) > MAX_DROPPED_SHARE * bodyText && !element.querySelector('nav')) return false;
    // A teaser's header inside its <article> (its title and summary), one of a list of them, is the teaser.
    if (name === 'HEADER' && !thread && teaserHeader(element)) return false;
    // A section's own header (its heading and opening lines) is that section's text.
    if (name === 'HEADER' && sectionHeader(element)) return false;
    element.remove();
    return true;
  });
  const pageText = shownTextLength(document.body);
  // The page's article: its main landmark, and its <article> when it has one only.
  const articles = document.querySelectorAll('article');
  // Their ancestors, each found once: a walk up stops where another landmark's walk passed.
  const around = new Set<PageElement>();
  for (const landmark of [...document.querySelectorAll('main, [role="main"]'), ...(articles.length === 1 ? articles : [])]) {
    for (let up = landmark.parentElement; up && !around.has(up); up = up.parentElement) around.add(up);
  }
  const holdsArticle = (element: PageElement) => around.has(element);
  // Numbered ids name areas of one kind: "comment-1204", "comment-1205".
  const kindOf = (element: PageElement, name: string) => `${name}.${element.getAttribute('class') ?? ''}#${(element.getAttribute('id') ?? '').replace(/\d+/g, '#')}`;
  // On a forum: the area named for comments that is the thread, whose posts may be named so too.
  let threadArea: PageElement | null = null;
  // The text each kind of boilerplate-named area holds, all of its areas together.
  const byKind = new Map<string, number>();
  eachElement(root, (element, name) => {
    if (CODE_ELEMENTS.has(name)) return true;
    if (KEPT_ELEMENTS.has(name) || !boilerplateArea(element, thread, holdsArticle)) return false;
    const kind = kindOf(element, name);
    byKind.set(kind, (byKind.get(kind) ?? 0) + (element.textContent?.length ?? 0));
    // On: an area inside another may be kept (the larger one holds most of the page) and is judged too.
    return false;
  });
  eachElement(root, (element, name) => {
    if (CODE_ELEMENTS.has(name)) return true;
    const named = KEPT_ELEMENTS.has(name) ? false : boilerplateArea(element, thread, holdsArticle);
    if (!named) return false;
    const length = element.textContent?.length ?? 0;
    if (named === 'comments' && thread) {
      if (threadArea && isInside(element, threadArea)) return false;
      if (length > THREAD_SHARE * pageText) {
        threadArea = element;
        return false;
      }
    }
    if (length > MAX_DROPPED_SHARE * pageText) return false;
    if ((byKind.get(kindOf(element, name)) ?? 0) > MAX_DROPPED_SHARE * pageText) return false;
    element.remove();
    return true;
  });
}

/**
 * Removes the page's forms that hold no running prose (a search box, a sign-in, a sign-up, a reply box)
 * and under two fifths of the main area `area`'s words (a form wrapping the page or its list of
 * results is the page).
 */
export function dropForms(document: PageDocument, area: PageElement): void {
  const words = wordCount(area.textContent);
  for (const form of [...(document.body?.querySelectorAll('form') ?? [])]) {
    if (!holdsProse(form) && wordCount(form.textContent) <= words * MAX_DROPPED_SHARE) form.remove();
  }
}
