/**
 * Boilerplate that Readability keeps inside the article, removed from its content in place. The
 * article is read as text blocks (the text whose nearest block element is the same); a block goes
 * when it is:
 * - mostly links, four words or more (a related story's headline, "Related: …"), unless it is a
 *   heading, a table cell or a list item;
 * - a widget's label ("Advertisement", "Enlarge image", "Image 1 of 13", "Edit this page") or a bare address;
 * - a dateline ("Updated 3:27 am PST, Wednesday, November 20, 2019"), a reading-time or age label
 *   ("5 min read", "Ann Lee · 4 min read", "Updated 3 hours ago");
 * - a prompt to comment or share ("Leave a comment", "Join the conversation", "Share on Facebook");
 * - a lead to other stories that is mostly its link ("Read more: <a>…</a>", "See also: <a>…</a>");
 * - a picture's credit ("Photo: Ann Lee, AP", "Ann Lee/Daily Post/Getty Images"), an invitation to
 *   follow the site elsewhere ("Follow us on Instagram"), a newsletter's sign-up box, the print
 *   edition's note ("A version of this article appears in print on …");
 * and a credit or a reading-time label set inline in a paragraph ("…isn't easy.<span>Kathrin Ziegler/Getty</span>",
 * "<time>2 hours ago</time>") goes alone;
 * and a short list of short items that are all links goes whole, unless the article's text introduces
 * it (a heading, or a line ending in a colon, that is not "more", "related" and the like, right before
 * it) and goes on after it: the list is then part of what the article says. A list inside another
 * list's item is judged with the outer list.
 * On a listing or a collection (`items`) the links and dates are the items themselves: blocks of
 * links, lists of links and datelines stay; and so do the blocks of a list's cards wherever they are.
 */
import { ELEMENT_NODE, TEXT_NODE, type PageElement, type PageNode } from './page-dom.ts';
import { lineText, wordCount } from './text-sizes.ts';
import { READING_LABEL } from './page-labels.ts';

const BLOCK_ELEMENTS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'CENTER', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET',
  'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN',
  'NAV', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TBODY', 'TD', 'TH', 'TR', 'UL',
]);
/** Blocks that may well be all links and still content: headings, table cells, list items (judged as a list). */
const LINKS_KEPT = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TD', 'TH', 'LI', 'DT', 'DD', 'PRE', 'TABLE', 'TBODY', 'TR', 'UL', 'OL', 'DL']);

interface Block {
  element: PageElement;
  text: string;
  words: number;
  linked: number;
  /** Whether blocks inside it hold text too (then only its own inline content goes). */
  hasInnerText: boolean;
  /** Its children that are text or inline elements holding text. */
  own: PageNode[];
}

const upper = (node: PageNode) => node.nodeName.toUpperCase();

/** The text blocks of `root`, in reading order. */
function textBlocks(root: PageElement): Block[] {
  const blocks: Block[] = [];
  const newBlock = (element: PageElement): Block => {
    const block = { element, text: '', words: 0, linked: 0, hasInnerText: false, own: [] };
    blocks.push(block);
    return block;
  };
  /** Adds the text under `parent` to `block`; returns whether any was found. */
  const visit = (parent: PageNode, block: Block, inLink: boolean): boolean => {
    let found = false;
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) {
        const value = child.nodeValue ?? '';
        if (!value.trim()) continue;
        const words = wordCount(value);
        block.text += value;
        block.words += words;
        if (inLink) block.linked += words;
        found = true;
        if (parent === block.element) block.own.push(child);
      } else if (child.nodeType === ELEMENT_NODE) {
        const name = upper(child);
        if (BLOCK_ELEMENTS.has(name)) {
          const inner = newBlock(child as PageElement);
          if (visit(child, inner, inLink)) {
            block.hasInnerText = true;
            found = true;
          }
          block.text += ' ';
        } else {
          const before = block.words;
          const had = visit(child, block, inLink || name === 'A');
          if (had) found = true;
          if (parent === block.element && block.words > before) block.own.push(child);
        }
      }
    }
    return found;
  };
  visit(root, newBlock(root), false);
  return blocks.filter((block) => block.words > 0);
}

/** Labels of page furniture, whole-text matches. */
const LABEL =
  /^(?:advert(?:isement)?s?|ads?|sponsored(?: content)?|skip to (?:main )?content|caption|close|enlarge(?: this)? image|image \d+(?: of)? \/? ?\d+|\d+ of \d+|(?:view|show) (?:full )?(?:gallery|caption)|(?:breaking|latest|related) news|related(?: stories| articles)?|more stories|subscribe(?: now)?|sign up|share(?: this)?(?: article| story)?|comments?|\d+ comments?|this slideshow requires javascript\.?|edit this page|edit (?:this page )?on github|improve this (?:page|doc)|was this (?:page|article) helpful\??)$/i;
/** A line that is only a web address. */
const BARE_URL = /^(?:[\p{L} ]{1,20}:\s*)?https?:\/\/\S+$/u;
/** A time of day, as datelines give it. */
const CLOCK = /\b\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?|[AP]M|\s*(?:UTC|GMT|[A-Z][SD]T|HST))\b/;
const DATELINE_WORD = /\b(?:updated|published|posted|last modified)\b/i;
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b/i;

/** A picture's credit: "Photo: Ann Lee, AP", "(Image: © Agency)". */
const CREDIT = /^\(?(?:photo|image|picture|illustration)s?(?:\s+(?:credit|source|by))?\s*:/i;
/** Three or more names run together with slashes or bars, as credits are: "Ann Lee/Daily Post/Getty Images". */
const SEPARATED_NAMES = /^[^.!?|/]{2,40}(?:\s*[/|]\s*[^.!?|/]{2,40}){2,}$/;
/** An invitation to follow the site elsewhere: "Follow us on Instagram", "Follow @desk on Twitter". */
const FOLLOW = /^follow (?:us|me|@?[\w.]+)(?: \w+)? (?:on|at)\b/i;
/** A newsletter's sign-up box: "Sign up for our morning newsletter", "Subscribe to The Brief newsletter". */
const NEWSLETTER = /\b(?:sign up|subscribe)\b.{0,60}\bnewsletters?\b|\bnewsletters?\b.{0,60}\b(?:sign up|subscribe)\b/i;
/** The print edition's note: "A version of this article appears in print on …". */
const IN_PRINT = /^a version of this (?:article|story|review|column) appear(?:s|ed) in print\b/i;

/** A reading time within a short line of page furniture: "Ann Lee · Jan 3 · 5 min read". */
const READING_TIME_IN = /\b\d{1,3}[\s-]*min(?:ute)?s?\.?[\s-]*read\b/i;
/** A prompt to comment or share, the whole line. */
const PROMPT =
  /^(?:leave|post|add|write) a (?:comment|reply)|^(?:join|start) the (?:conversation|discussion)|^be the first to comment|^(?:show|view|read|see|load) (?:all )?(?:\d+ )?comments|^comments? \(\d+\)$|^share (?:this|on|via|to)\b|^(?:copy|share) (?:the )?link$|^(?:tweet|email|print|whatsapp|pin it)$|^click to share\b/i;
/** A lead to other stories: "Read more:", "See also:", "Related:". */
const RELATED_LEAD = /^(?:related(?: stories| articles| content)?|read (?:more|also|next)|see also|also read|more on this(?: story)?|recommended|more from [\p{L} ]{1,30})\s*[:|>»]/iu;

function isBoilerplate(block: Block, items: boolean): boolean {
  const text = block.text.replace(/\s+/g, ' ').trim();
  const name = upper(block.element);
  if (!items && !LINKS_KEPT.has(name) && block.words >= 4 && block.linked >= 0.75 * block.words) return true;
  if (LABEL.test(text)) return true;
  if (BARE_URL.test(text)) return true;
  if (!items && block.words <= 20 && (CLOCK.test(text) || (DATELINE_WORD.test(text) && MONTH.test(text)))) return true;
  if (block.words <= 12 && (READING_LABEL.test(text) || READING_TIME_IN.test(text))) return true;
  if (block.words <= 12 && PROMPT.test(text)) return true;
  if (block.words <= 30 && block.linked * 2 >= block.words && RELATED_LEAD.test(text)) return true;
  if (block.words <= 15 && CREDIT.test(text)) return true;
  // Not in a table or a list, where "a/b/c" is data.
  if (block.words <= 12 && !LINKS_KEPT.has(name) && SEPARATED_NAMES.test(text)) return true;
  if (block.words <= 30 && FOLLOW.test(text)) return true;
  if (block.words <= 40 && (NEWSLETTER.test(text) || IN_PRINT.test(text))) return true;
  return false;
}

function removeBlock(block: Block): void {
  if (!block.hasInnerText) {
    block.element.remove();
    return;
  }
  for (const node of block.own) (node as unknown as { remove(): void }).remove();
}

/** A short list of short items that are all links: further reading, not the article. */
function isLinkList(list: PageElement, blocks: Map<PageElement, Block>): boolean {
  let items = 0;
  let words = 0;
  let linked = 0;
  for (let item = list.firstElementChild; item; item = item.nextElementSibling) {
    if (upper(item) !== 'LI') continue;
    const block = blocks.get(item);
    if (!block || block.hasInnerText) continue;
    items++;
    if (block.words > 20) return false;
    words += block.words;
    linked += block.linked;
  }
  return items > 0 && items <= 12 && linked >= 0.75 * words;
}

const HEADING = /^H[2-6]$/;
/** A lead-in that announces further reading rather than the article's own list. */
const FURTHER_READING = /\b(?:more|related|recommended|popular|trending|latest|sponsored|read next|most read|you may also like)\b/i;

/** The nearest element before `element` that holds text, or null. */
function previousWithText(element: PageElement): PageElement | null {
  let before = element.previousElementSibling;
  while (before && !before.textContent?.trim()) before = before.previousElementSibling;
  return before;
}

/** The article's text leads into the list and carries on after it. */
function introducedByArticle(list: PageElement): boolean {
  const lead = previousWithText(list);
  if (!lead) return false;
  const text = lineText(lead);
  const introduces = HEADING.test(upper(lead)) || (text.endsWith(':') && wordCount(text) >= 2);
  if (!introduces || FURTHER_READING.test(text)) return false;
  let after = list.nextElementSibling;
  while (after && !after.textContent?.trim()) after = after.nextElementSibling;
  return after !== null;
}

/** Inside another list's item: judged with that list. */
function isNested(list: PageElement, root: PageElement): boolean {
  for (let up = list.parentElement; up && up !== root; up = up.parentElement) if (upper(up) === 'LI') return true;
  return false;
}

/**
 * Cleans `root` in place; on a list (`items`) its links and dates stay; `kept`, when given, names the
 * elements (a list's cards) whose blocks stay whatever they look like.
 */
export function cleanArticle(root: PageElement, items = false, kept?: (element: PageElement) => boolean): void {
  const inKept = (element: PageElement) => {
    if (!kept) return false;
    for (let up: PageElement | null = element; up && up !== root; up = up.parentElement) if (kept(up)) return true;
    return false;
  };
  const blocks = textBlocks(root);
  const byElement = new Map(blocks.map((block) => [block.element, block]));
  const lists = new Set<PageElement>();
  for (const block of blocks) {
    const parent = block.element.parentElement;
    if (upper(block.element) === 'LI' && parent && (upper(parent) === 'UL' || upper(parent) === 'OL')) lists.add(parent);
  }
  for (const list of lists) {
    if (items || isNested(list, root) || !isLinkList(list, byElement) || introducedByArticle(list) || inKept(list)) continue;
    list.remove();
  }
  for (const block of blocks) {
    if (block.element === root) continue;
    if (isBoilerplate(block, items) && !inKept(block.element)) removeBlock(block);
    else removeInlineCredits(block);
  }
}

/** A person's name, then the agency after a slash: "Kathrin Ziegler/Getty", "Ann Lee/AFP/Getty Images". */
const NAME_SLASH_AGENCY = /^\p{Lu}[\p{L}.'’-]+(?: \p{Lu}[\p{L}.'’-]+){1,3}(?:\s?\/\s?\p{Lu}[\p{L}.&'’ -]{1,30}){1,2}$/u;
const CREDIT_INLINE = new Set(['SPAN', 'SMALL', 'CITE', 'TIME']);

/** A credit set inline within a paragraph, which would be read glued to its sentence ("isn't easy.Kathrin Ziegler/Getty"). */
function removeInlineCredits(block: Block): void {
  for (const node of block.own) {
    if (node.nodeType !== ELEMENT_NODE || !CREDIT_INLINE.has(upper(node))) continue;
    const text = lineText(node);
    if (NAME_SLASH_AGENCY.test(text) || READING_LABEL.test(text)) (node as PageElement).remove();
  }
}
