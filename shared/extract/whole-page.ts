/**
 * A page read whole: the forum thread, the service page's sections, the listing's items, the
 * product's description. Readability keeps one block of prose; these pages are many blocks, so their
 * main area (the page's <main> when it holds most of the text, else its body) is taken after the
 * dropped areas went, less the chrome such pages carry in it:
 * - pagination, sort and filter bars, toolbars (named so by a word of their class or id), unless
 *   they wrap the list's items themselves (marked before, see ITEM_MARK);
 * - menus a class or id names as navigation or a menu, where they are one: half of their words in
 *   links, or no running prose (a section named as a menu's target, which holds prose, stays);
 * - notices, drawers and carts so named; a banner too, unless (off a thread) it holds prose: the
 *   page's hero or call to action;
 * - a poster's details: join date, post count, reputation, signature, votes and reactions;
 * - a date and time for machines shown as text ("2019-01-21T21:40:59Z");
 * - on a forum, a post's actions, counts and permalinks standing alone ("Reply", "Quote", "12", "#3",
 *   "Click to expand..."), and its list of other threads ("Similar threads", "Related discussions");
 * - hidden parts, except (on a page that is not a thread) a disclosure's folded panel: an accordion's
 *   answer, a tab's pane, which the page shows when asked; running prose hidden from screen readers
 *   only (aria-hidden: a teaser's summary repeated for the eye) is shown, so read;
 * and on a forum each post is announced once by its author ("crumbshot wrote:"), its subject line (the
 * thread's title again, "Re: …") goes, a block of text that stands word for word in two or more of one
 * poster's posts is their signature and goes, and a quote repeating fifty words or more of the posts
 * before it goes (a short quote stays, the reply's context).
 */
import { holdsProse } from './forum-page.ts';
import { HIDDEN_STYLE, isInside, type PageDocument, type PageElement } from './page-dom.ts';
import { linkWords } from './page-kind.ts';
import { elementNames, namedWith, nameWords } from './page-labels.ts';
import { lineText, sizesUnder, textLength, WORD, wordCount } from './text-sizes.ts';


type Cloneable = PageElement & { cloneNode(deep: boolean): PageElement };

/** The page's main area: its largest <main> (or role=main) holding a fair share of the text, else the body. */
export function mainArea(document: PageDocument): PageElement | null {
  const body = document.body;
  if (!body) return null;
  const all = wordCount(body.textContent);
  let best: PageElement | null = null;
  let bestWords = 0;
  for (const main of document.querySelectorAll('main, [role="main"]')) {
    const words = wordCount(main.textContent);
    if (words > bestWords) [best, bestWords] = [main, words];
  }
  return best && bestWords >= all * 0.3 ? best : body;
}

/** Visible words under which a page whose text waits in hidden elements is read from them. */
const MIN_VISIBLE_WORDS = 50;
const MIN_HIDDEN_WORDS = 100;

/**
 * A page whose body waits in hidden placeholders (a script-built page's server-rendered copy in a
 * `<div hidden>`, the streamed sections a script swaps in) is read from them: the hidden attributes
 * go when the page shows next to nothing, or when the placeholders hold more words outside links
 * than the page shows (a menu kept hidden is links).
 */
export function revealHiddenBody(document: PageDocument): void {
  const body = document.body;
  if (!body) return;
  revealStyledBody(body);
  const hidden = [...body.querySelectorAll('[hidden]')].filter((element) => !element.parentElement?.closest('[hidden]'));
  const hiddenWords = hidden.reduce((sum, element) => sum + wordCount(element.textContent), 0);
  if (hiddenWords < MIN_HIDDEN_WORDS) return;
  const visibleWords = wordCount(body.textContent) - hiddenWords;
  if (visibleWords >= MIN_VISIBLE_WORDS && hiddenWords - hidden.reduce((sum, element) => sum + linkWords(element), 0) <= visibleWords) return;
  for (const element of hidden) element.removeAttribute('hidden');
}

/**
 * A page that shows next to nothing until its scripts run, its text waiting in blocks of blocks its
 * inline style hides ("visibility:hidden" against a flash of unstyled content, the views a script
 * switches between), is read as the browser shows it once they ran: those wrappers' hiding declarations
 * go. Hidden paragraphs beside what the page shows stay hidden.
 */
function revealStyledBody(body: PageElement): void {
  // Words a reader sees: a script's or a style's text is none.
  const shownWords = (element: PageElement) => {
    let count = wordCount(element.textContent);
    for (const code of element.querySelectorAll('script, style')) count -= wordCount(code.textContent);
    return count;
  };
  const styled = new Set([...body.querySelectorAll('[style]')].filter((element) => HIDDEN_STYLE.test(element.getAttribute('style') ?? '')));
  const outermost = [...styled].filter((element) => {
    for (let up = element.parentElement; up; up = up.parentElement) if (styled.has(up)) return false;
    return true;
  });
  const wrappers = outermost.filter(hasBlockChild);
  const words = (elements: PageElement[]) => elements.reduce((sum, element) => sum + shownWords(element), 0);
  // Counted from the smallest measure up: most pages stop at the first.
  const veiled = words(wrappers);
  if (veiled < MIN_HIDDEN_WORDS * VEILED_SHARE) return;
  const all = shownWords(body);
  if (veiled < all * VEILED_SHARE || all - words(outermost) >= MIN_VISIBLE_WORDS) return;
  for (const element of wrappers) element.setAttribute('style', (element.getAttribute('style') ?? '').replace(HIDDEN_STYLE_DECLARATIONS, ''));
}
/** The share of the page's words that waits in such wrappers. */
const VEILED_SHARE = 0.9;
/** Each hiding declaration of a style attribute, with its value's rest ("display: none !important"). */
const HIDDEN_STYLE_DECLARATIONS = new RegExp(`${HIDDEN_STYLE.source}[^;]*`, 'gi');

/** Words of a class or id that name page chrome on a page read whole (unless it holds prose: a post's state). */
const CHROME_WORDS = new Set([
  'pagination', 'pager', 'paging', 'pages', 'sort', 'sorting', 'sortby', 'filter', 'filters', 'facet', 'facets', 'toolbar',
  'userinfo', 'userstats', 'userextra', 'postcount', 'joindate', 'joined', 'reputation', 'rank',
  'vote', 'votes', 'voting', 'reactions', 'reaction', 'likes', 'badges', 'usertitle', 'avatar', 'postbit', 'controls',
  'actions', 'skip', 'skiplink',
]);
/** Words that name chrome whatever it holds: signatures, drawers, notices. */
const NOTICE_WORDS = new Set(['signature', 'sig', 'cart', 'minicart', 'drawer', 'modal', 'announcement', 'banner', 'notice', 'alert']);
/** Off a thread, a banner that holds prose is a page's hero or call to action, not a notice. */
const HERO_WORDS = new Set(['banner']);

/**
 * Whether a class or id names chrome: 'always' for a notice or signature, true for chrome unless it
 * holds prose (off a thread, `thread` false, a banner is so too).
 */
function chromeName(name: string, thread: boolean): 'always' | boolean {
  const words = nameWords(name);
  let chrome = false;
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? words[i]! + words[i + 1]! : '';
    if (!thread && HERO_WORDS.has(words[i]!)) chrome = true;
    else if (NOTICE_WORDS.has(words[i]!) || NOTICE_WORDS.has(pair)) return 'always';
    if (CHROME_WORDS.has(words[i]!) || CHROME_WORDS.has(pair)) chrome = true;
  }
  return chrome;
}

/** Words of a class or id that name navigation or a menu. */
const MENU_WORDS = new Set(['nav', 'navbar', 'navigation', 'menu', 'megamenu', 'submenu', 'subnav']);

/**
 * Whether an element whose class or id names it a menu is one: half of its words in links, or no
 * running prose. A menu inside one already judged so (`menus`, within `area`) is not judged again:
 * nested menus would each measure the same links.
 */
function namedMenu(element: PageElement, names: string[], menus: Set<PageElement>, area: PageElement): boolean {
  if (!namedWith(names, MENU_WORDS)) return false;
  for (let up = element.parentElement; up && up !== area; up = up.parentElement) if (menus.has(up)) return false;
  if (holdsProse(element) && linkWords(element) < wordCount(element.textContent) * 0.5) return false;
  menus.add(element);
  return true;
}

/** A poster's detail line: "Joined: Mar 2024", "Posts: 212", "Reaction score 1,204", "Member since 2019". */
const POSTER_DETAIL =
  /^(?:joined|join date|posts|messages|reaction score|reactions|likes(?: received)?|points|solutions|member since|registered|location|trophies|reputation|rep|karma|threads)\b\s*:?\s*[\p{L}\p{N} ,.·-]{0,24}$/iu;
/** A line of only a poster's details run together: "Joined: Mar 2024 · 212 posts". */
const DETAILS_LINE = /^(?:joined:?\s+[\p{L}\p{N} ,.]{2,16})?(?:\s*[·•|]?\s*\d[\d,.]*k?\s+(?:posts|messages|likes|points|reactions))+$|^joined:?\s+[\p{L}\p{N} ,.]{2,16}$/iu;

/**
 * A post's action or count standing alone: its buttons ("Reply", "Quote", "Report", "Share", "Like"),
 * a quote's fold ("Click to expand..."), its permalink ("#3"), a bare count of votes or views ("12",
 * "1K", "2y"), a thread's stats labels ("Views", "Replies") and its own buttons and states ("Post Reply",
 * "Locked", "Not open for further replies.").
 */
const ACTION_LINE =
  /^(?:reply|post reply|new posts|search forums|locked|not open for further replies\.?|quote:?|multi-?quote|reply with quote|report|report (?:inappropriate content|post|abuse)|share|like|likes|permalink|bookmark|flag|original poster|click to (?:expand|shrink)(?:\.\.\.|…)?|views?|replies|#\d+|\d[\d,.]*[kmy]?)$/i;
/** A date and time for machines, shown as text: "2019-01-21T21:40:59.62Z+00:00". */
const MACHINE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})*$/;

/** Words of a class or id that name a disclosure: an accordion, a tab's pane, a question's folded answer. */
const PANEL_WORDS = new Set(['accordion', 'accordian', 'collapse', 'collapsible', 'tab', 'tabs', 'tabpanel', 'tabcontent', 'faq', 'faqs']);

const namesPanel = (element: PageElement) => namedWith(elementNames(element), PANEL_WORDS);

/**
 * Whether a hidden element is a disclosure's panel, folded until the reader asks for it and part of
 * the page: a tab's pane (role tabpanel), the panel a button controls (aria-controls), or one named
 * for an accordion, tabs or questions, itself or its parent. A dialog or a menu hidden so is not.
 */
function disclosurePanel(element: PageElement, controlled: Set<string>): boolean {
  if (element.getAttribute('role') === 'tabpanel') return true;
  const id = element.getAttribute('id');
  if (id && controlled.has(id) && !element.closest('[role="menu"], [role="dialog"], [role="listbox"]')) return true;
  return namesPanel(element) || (element.parentElement !== null && namesPanel(element.parentElement));
}

/**
 * The area's chrome and hidden parts removed in place; an element holding over two fifths of the
 * area's text, and on a forum (`thread`) one holding running prose (a post whose class names its poster's
 * rank) unless it is a notice or a signature, is kept.
 */
function dropChrome(area: PageElement, thread: boolean): void {
  // Scripts (JSON-LD, kept for Readability's metadata) are no text of the page.
  for (const script of [...area.querySelectorAll('script, style')]) script.remove();
  const controlled = new Set<string>();
  for (const control of area.querySelectorAll('[aria-controls]')) for (const id of (control.getAttribute('aria-controls') ?? '').split(/\s+/)) controlled.add(id);
  for (const hidden of [...area.querySelectorAll('[hidden], [aria-hidden="true"], [style]')]) {
    const style = hidden.getAttribute('style');
    // Hidden from screen readers only, prose is still shown: a teaser's summary, a link said twice for the eye.
    if (hidden.getAttribute('aria-hidden') === 'true' && hidden.getAttribute('hidden') === null && (style === null || !HIDDEN_STYLE.test(style)) && holdsProse(hidden)) continue;
    if (isInside(hidden, area) && (style === null || HIDDEN_STYLE.test(style)) && (thread || !disclosurePanel(hidden, controlled))) hidden.remove();
  }
  const all = (area.textContent ?? '').length;
  const menus = new Set<PageElement>();
  for (const element of [...area.querySelectorAll('[class], [id]')]) {
    if (!isInside(element, area)) continue;
    const names = elementNames(element);
    const chrome = names.map((name) => chromeName(name, thread)).reduce((a, b) => (a === 'always' || b === 'always' ? 'always' : a || b), false) || namedMenu(element, names, menus, area);
    if (!chrome || (element.textContent ?? '').length > all * 0.4) continue;
    if (chrome === true && (thread || namedWith(names, HERO_WORDS)) && holdsProse(element)) continue;
    // A wrapper named for its pagination or filters that holds the list's items is the list.
    if (chrome === true && element.querySelector(`[${ITEM_MARK}]`)) continue;
    element.remove();
  }
  for (const element of [...area.querySelectorAll('dl, dt, dd, li, div, span, p, a, button, time, small, strong, b')]) {
    if (!isInside(element, area) || element.firstElementChild?.querySelector('p, div')) continue;
    const text = lineText(element);
    if (!text || text.length > 48) continue;
    if (MACHINE_TIME.test(text) || (thread && ACTION_LINE.test(text))) element.remove();
    else if (!/^(?:a|button|time|small|strong|b)$/i.test(element.localName) && (POSTER_DETAIL.test(text) || DETAILS_LINE.test(text))) element.remove();
  }
}

/** A heading over other threads: "Similar threads", "Related discussions", "More Japan topics", "Other questions". */
const OTHER_THREADS =
  /^(?:check out |see )?(?:(?:other|more|similar|related|suggested|recommended|popular|latest|trending|hot) +)+(?:[\p{L}\p{N}'’-]+ +){0,2}(?:threads?|topics?|discussions?|questions?|conversations?|posts?)(?: +listed as follows)?[.:]?$/iu;
/** A block over other threads holds at most this share of the thread's words. */
const MAX_OTHER_THREADS_SHARE = 0.4;

const BLOCKS = new Set(['div', 'p', 'ul', 'ol', 'section', 'article', 'table', 'li', 'blockquote']);
const hasBlockChild = (element: PageElement) => {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) if (BLOCKS.has(child.localName.toLowerCase())) return true;
  return false;
};

/**
 * A thread's list of other threads ("Similar threads", "Related discussions") goes, its heading and
 * all: the largest block the heading opens that is mostly links and holds under two fifths of the
 * area's words, or when the heading stands among the posts, the blocks of links that follow it.
 */
function dropOtherThreads(area: PageElement, posts: PageElement[]): void {
  const words = wordCount(area.textContent);
  for (const heading of [...area.querySelectorAll('h1, h2, h3, h4, h5, h6, div, p, span, strong, b')]) {
    // A heading is a leaf of the tree or nearly: a block with blocks inside is not read (its text would cost a walk).
    if (!isInside(heading, area) || (!/^h\d$/i.test(heading.localName) && hasBlockChild(heading))) continue;
    const text = lineText(heading);
    if (text.length > 60 || !OTHER_THREADS.test(text)) continue;
    // Not the thread: a block holding one of its announced posts, or where none were, running prose.
    const links = (element: PageElement) =>
      posts.length > 0 ? !posts.some((post) => post === element || isInside(post, element) || isInside(element, post)) : !holdsProse(element);
    let block: PageElement = heading;
    for (let up = heading.parentElement; up && up !== area; up = up.parentElement) {
      if (!lineText(up).startsWith(text) || !links(up)) break;
      if (posts.length === 0 && wordCount(up.textContent) >= words * MAX_OTHER_THREADS_SHARE) break;
      block = up;
    }
    if (block === heading) {
      const name = heading.localName.toLowerCase();
      for (let next = heading.nextElementSibling; next && next.localName.toLowerCase() !== name && links(next); next = heading.nextElementSibling) next.remove();
    }
    block.remove();
  }
}

/** A reply's subject: "Re: Which kayak for a beginner?", "RE: …", "Re[2]: …". */
const REPLY_SUBJECT = /^re(?:\[\d+\])?\s*:\s*(.+)$/i;
/** Replies that share a subject at least, for it to be the thread's title said again. */
const MIN_REPLY_SUBJECTS = 2;
/** A subject line has this many characters at most. */
const MAX_SUBJECT = 200;

/**
 * Each post's subject line, the thread's title again ("Re: Which kayak…", and the opening post's own),
 * goes: read once per post, it says nothing the title did not. The title's first line stays; two or
 * more replies must share the subject.
 */
function dropReplySubjects(area: PageElement): void {
  const lines = new Map<string, { replies: number; elements: Set<PageElement> }>();
  // Raw text lengths, so no long block's text is read for a line of at most MAX_SUBJECT characters.
  const lengths = sizesUnder(area, textLength);
  const short = (element: PageElement) => (lengths.get(element) ?? 0) <= MAX_SUBJECT * 2;
  for (const element of area.querySelectorAll('h1, h2, h3, h4, h5, h6, div, p, span, strong, b, a')) {
    if (!short(element) || hasBlockChild(element)) continue;
    const text = lineText(element);
    if (!text || text.length > MAX_SUBJECT) continue;
    const reply = REPLY_SUBJECT.exec(text)?.[1];
    // The outermost element holding only this line: a heading round its link.
    let line = element;
    while (line.parentElement && line.parentElement !== area && short(line.parentElement) && lineText(line.parentElement) === text) line = line.parentElement;
    const key = (reply ?? text).toLowerCase();
    const entry = lines.get(key) ?? { replies: 0, elements: new Set<PageElement>() };
    if (entry.elements.has(line)) continue;
    entry.elements.add(line);
    if (reply) entry.replies++;
    lines.set(key, entry);
  }
  for (const { replies, elements } of lines.values()) {
    if (replies < MIN_REPLY_SUBJECTS) continue;
    const first = [...elements].find((element) => !REPLY_SUBJECT.test((element.textContent ?? '').trim()));
    for (const element of elements) if (element !== first) element.remove();
  }
}

/** A block said again has this many words at least (a short label may well repeat: "Learn more"). */
const REPEATED_WORDS = 8;

/**
 * A block whose words an earlier sibling said already, word for word, goes: the page's copy of a
 * section for another screen width, a carousel's slides cloned for its loop. Only siblings of as many
 * words are compared; with `blocksOnly`, only blocks that hold blocks (not a paragraph or a line said again).
 */
export function dropRepeatedSiblings(area: PageElement, blocksOnly = false): void {
  const counts = sizesUnder(area, wordCount);
  for (const parent of [area, ...area.querySelectorAll('div, section, ul, ol, main, article')]) {
    const byCount = new Map<number, PageElement[]>();
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      const words = counts.get(child) ?? 0;
      if (words < REPEATED_WORDS) continue;
      if (blocksOnly && !hasBlockChild(child)) continue;
      const same = byCount.get(words);
      if (same) same.push(child);
      else byCount.set(words, [child]);
    }
    for (const same of byCount.values()) {
      if (same.length < 2) continue;
      const said = new Set<string>();
      for (const child of same) {
        const text = lineText(child);
        if (said.has(text)) child.remove();
        else said.add(text);
      }
    }
  }
}

/** The mark on each item of a listing or collection (its cards), set before the page is copied. */
export const ITEM_MARK = 'data-pagecast-item';

/** Where a post names its author. */
const AUTHOR_SELECTOR = '[itemprop="author"], [rel="author"], [class*="author"], [class*="username"], [class*="user-name"], [class*="poster"]';

/** The author's name in a marker: its itemprop name, else its short text. */
function authorName(marker: PageElement): string | null {
  const named = marker.querySelector('[itemprop="name"]') ?? marker;
  const text = lineText(named);
  return text && wordCount(text) <= 4 && text.length <= 40 ? text : null;
}

/**
 * Each post of a thread announced by its author: the posts are the children of one parent that each
 * name an author (two at least); the name's marker goes, and "<name> wrote:" opens the post.
 */
function announceAuthors(area: PageElement, document: PageDocument): PageElement[] {
  const create = (document as unknown as { createElement?(name: string): PageElement }).createElement;
  if (!create) return [];
  const posts = new Set<PageElement>();
  const counts = new Map<PageElement, number>();
  for (const marker of area.querySelectorAll(AUTHOR_SELECTOR)) {
    for (let post: PageElement | null = marker, up = marker.parentElement; up && post !== area; post = up, up = up.parentElement) {
      if (post && !posts.has(post)) {
        posts.add(post);
        counts.set(up, (counts.get(up) ?? 0) + 1);
      }
    }
  }
  // The thread: the deepest parent whose children name an author, two or more of them.
  let thread: PageElement | null = null;
  let most = 1;
  for (const [parent, count] of counts) if (count > most || (count === most && thread !== null && isInside(parent, thread))) [thread, most] = [parent, count];
  if (!thread) return [];
  const announced: PageElement[] = [];
  const byAuthor = new Map<string, PageElement[]>();
  for (let post = thread.firstElementChild; post; post = post.nextElementSibling) {
    if (!posts.has(post)) continue;
    const name = [...post.querySelectorAll(AUTHOR_SELECTOR)].map(authorName).find((found) => found !== null);
    if (!name) continue;
    for (const other of [...post.querySelectorAll(AUTHOR_SELECTOR)]) if (isInside(other, post) && authorName(other) === name) other.remove();
    byAuthor.set(name, [...(byAuthor.get(name) ?? []), post]);
    const line = create.call(document, 'p') as PageElement & { textContent: string };
    line.textContent = `${name} wrote:`;
    (post as unknown as { prepend(node: PageElement): void }).prepend(line);
    announced.push(post);
  }
  for (const own of byAuthor.values()) if (own.length >= 2) dropSignatures(own);
  return announced;
}

/** A quote repeats a passage this long at least (in words) to go: a shorter one is the reply's context. */
const REQUOTED_WORDS = 50;
/** Share of a quote's runs of words the thread said before it, for it to be a passage said again (its "<name> said:" line is not). */
const REQUOTED_SHARE = 0.7;
/** Words in a run. */
const RUN = 6;

/** The runs of `RUN` words of a text, lower-cased. */
function wordRuns(text: string | null): string[] {
  const words = (text ?? '').toLowerCase().match(WORD) ?? [];
  const runs: string[] = [];
  for (let i = 0; i + RUN <= words.length; i++) runs.push(words.slice(i, i + RUN).join(' '));
  return runs;
}

/**
 * A post's quote of a passage an earlier post said (fifty words or more: a reply quoting the whole
 * opening post) goes, with its "<name> said:" line: the listener has heard it. Said is seven tenths of
 * its runs of six words found in the posts before it; a shorter quote stays as the reply's context.
 */
function dropRequotes(posts: PageElement[]): void {
  const said = new Set<string>();
  for (const post of posts) {
    for (const quote of [...post.querySelectorAll('blockquote')]) {
      if (!isInside(quote, post) || quote.parentElement?.closest('blockquote')) continue;
      const runs = wordRuns(quote.textContent);
      if (runs.length + RUN - 1 < REQUOTED_WORDS) continue;
      if (runs.filter((run) => said.has(run)).length >= runs.length * REQUOTED_SHARE) quote.remove();
    }
    for (const run of wordRuns(post.textContent)) said.add(run);
  }
}

/** Blocks that hold a line of their own when no block is inside them. */
const LINE_BLOCKS = new Set(['div', 'p', 'li', 'blockquote', 'pre', 'td', 'dd', 'dt', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * A line of a thread (a paragraph, an item, a block with no block inside it) of eight words or more
 * that the thread said already, word for word, goes: a quote's copy of the passages before it (with
 * its "<name> said:" line once nothing else is left of it), a list shown twice. A quote under fifty
 * words stays whole: the reply's context.
 */
export function dropSaidAgain(thread: PageElement): void {
  const said = new Set<string>();
  const emptied = new Set<PageElement>();
  const shortQuotes = new Set([...thread.querySelectorAll('blockquote')].filter((quote) => wordCount(quote.textContent) < REQUOTED_WORDS));
  for (const element of [...thread.querySelectorAll('*')]) {
    if (!LINE_BLOCKS.has(element.localName.toLowerCase()) || hasBlockChild(element)) continue;
    const text = lineText(element);
    if (wordCount(text) < REPEATED_WORDS) continue;
    const quote = element.closest('blockquote');
    if (quote && shortQuotes.has(quote)) continue;
    if (!said.has(text)) said.add(text);
    else {
      element.remove();
      if (quote) emptied.add(quote);
    }
  }
  // A quote all of whose lines went goes whole, with its "<name> said:" line.
  for (const quote of emptied) if (wordCount(quote.textContent) < REPEATED_WORDS) quote.remove();
}

/** A line of a signature has this many words at least (a shorter one may well be said twice). */
const SIGNATURE_WORDS = 4;

/**
 * A poster's signature: a block of text (outside quotes) that stands in two or more of the same
 * poster's posts, word for word, goes from all of them. Another poster's quote of a post is theirs, so
 * a post quoted is never taken for a signature.
 */
function dropSignatures(own: PageElement[]): void {
  const seen = new Map<string, { posts: Set<PageElement>; elements: PageElement[] }>();
  for (const post of own) {
    for (const element of post.querySelectorAll('p, div, li, dd, span, td')) {
      if (element.querySelector('p, div, li, dd, td, ul, ol, table, pre') || element.closest('blockquote')) continue;
      const text = lineText(element);
      if (wordCount(text) < SIGNATURE_WORDS) continue;
      const entry = seen.get(text) ?? { posts: new Set(), elements: [] };
      entry.posts.add(post);
      entry.elements.push(element);
      seen.set(text, entry);
    }
  }
  for (const { posts, elements } of seen.values()) if (posts.size >= 2) for (const element of elements) element.remove();
}


/** A copy of the page's main area, read whole; on a forum each post announced by its author (`posts` of them). */
export function wholePage(document: PageDocument, forum: boolean): { root: PageElement; posts: number } | null {
  const area = mainArea(document);
  if (!area) return null;
  const root = (area as Cloneable).cloneNode(true);
  dropChrome(root, forum);
  if (!forum) return { root, posts: 0 };
  const posts = announceAuthors(root, document);
  dropRequotes(posts);
  dropOtherThreads(root, posts);
  dropReplySubjects(root);
  return { root, posts: posts.length };
}
