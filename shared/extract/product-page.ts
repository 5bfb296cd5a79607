/**
 * What a listener wants of a product page: its name, description and specifications, not the cart,
 * the recommendations or the reviews' chrome. They are the page's blocks named for it (schema.org's
 * description, a class or id with "description", "details" or "specifications"), in order (a block
 * named "features", "overview" or "about" is as often the brand's story, a carousel or another
 * product's teaser: taking those gained on the pages the rules were tuned on and nothing on the
 * held-out ones); and when the page shows none of it, the description and specifications
 * (additionalProperty) the page declares in its JSON-LD (shops often render them with scripts, or
 * behind a tab). An area named for the reviews (a class or id with "review", "reviews", "ratings" or
 * "testimonials") goes from what is read, as the reviews' widget is not the product (the sections a
 * heading names "Reviews" or "You may also like" were tried too: they gained nothing on the held-out
 * pages, and a shop's own quoted testimonials went with them). Named blocks that are a sliver of a page
 * telling of its product in prose are not the product: that page is read whole.
 */
import { isInside, type PageDocument, type PageElement } from './page-dom.ts';
import { PRICE_ONCE, proseWords } from './page-kind.ts';
import { elementNames, namedWith } from './page-labels.ts';
import { WORD, wordCount } from './text-sizes.ts';


type Cloneable = PageElement & { cloneNode(deep: boolean): PageElement };
type Creator = { createElement(name: string): PageElement & { textContent: string; appendChild(node: PageElement): void } };

const PRODUCT_WORDS = new Set(['description', 'descriptions', 'details', 'detail', 'specifications', 'specs', 'spec']);

const namedForProduct = (element: PageElement) => element.getAttribute('itemprop') === 'description' || namedWith(elementNames(element), PRODUCT_WORDS);

/** A JSON-LD Product on the page, searched through arrays and @graph. */
function declaredProduct(document: PageDocument): Record<string, unknown> | null {
  const find = (value: unknown): Record<string, unknown> | null => {
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = find(item);
        if (found) return found;
      }
      return null;
    }
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const type = record['@type'];
    const types = Array.isArray(type) ? type : [type];
    if (types.some((t) => typeof t === 'string' && /Product$/.test(t))) return record;
    return find(record['@graph']);
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const found = find(JSON.parse(script.textContent ?? ''));
      if (found) return found;
    } catch {
      // A page's malformed JSON-LD declares nothing.
    }
  }
  return null;
}

const plain = (text: string) => text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** The description a JSON-LD Product declares (five words at least). */
export function declaredDescription(product: Record<string, unknown> | null): string | null {
  const description = product?.description;
  return typeof description === 'string' && wordCount(description) >= 5 ? plain(description) : null;
}

/** The specifications a JSON-LD Product declares as its additionalProperty: "name: value" each. */
export function declaredSpecifications(product: Record<string, unknown> | null): string[] {
  const properties = product?.additionalProperty;
  const lines: string[] = [];
  for (const property of Array.isArray(properties) ? properties : properties ? [properties] : []) {
    if (!property || typeof property !== 'object') continue;
    const { name, value, unitText } = property as Record<string, unknown>;
    if (typeof name !== 'string' || (typeof value !== 'string' && typeof value !== 'number')) continue;
    lines.push(plain(`${name}: ${value}${typeof unitText === 'string' ? ` ${unitText}` : ''}`));
  }
  return lines;
}

/** Share of `text`'s words that `within` holds too. */
function coveredShare(text: string, within: string): number {
  const have = new Set(within.toLowerCase().match(WORD) ?? []);
  const words = text.toLowerCase().match(WORD) ?? [];
  return words.filter((word) => have.has(word)).length / Math.max(1, words.length);
}

/** The product's name, description and specifications from `area` (copied), or null when the page names none. */
export function productPage(document: PageDocument, area: PageElement): PageElement | null {
  const create = (document as unknown as Partial<Creator>).createElement;
  if (!create) return null;
  const make = (name: string) => create.call(document, name) as ReturnType<Creator['createElement']>;
  const all = wordCount(area.textContent);
  const blocks: PageElement[] = [];
  for (const element of area.querySelectorAll('[class], [id], [itemprop="description"]')) {
    if (!namedForProduct(element) || blocks.some((block) => isInside(element, block))) continue;
    const words = wordCount(element.textContent);
    if (words >= 5 && words <= all * 0.8) blocks.push(element);
  }
  const root = make('div');
  const title = area.querySelector('h1');
  if (title && !blocks.some((block) => isInside(title, block))) root.appendChild((title as Cloneable).cloneNode(true));
  for (const block of blocks) root.appendChild((block as Cloneable).cloneNode(true));
  const product = declaredProduct(document);
  const declared = declaredDescription(product);
  if (declared && coveredShare(declared, root.textContent ?? '') < 0.6) {
    const paragraph = make('p');
    paragraph.textContent = declared;
    root.appendChild(paragraph);
  }
  // Specifications the page shows nowhere (rendered by scripts, behind a tab), as a list.
  const specifications = declaredSpecifications(product);
  if (specifications.length > 0 && coveredShare(specifications.join(' '), root.textContent ?? '') < 0.6) {
    const list = make('ul');
    for (const line of specifications) {
      const item = make('li');
      item.textContent = line;
      list.appendChild(item);
    }
    root.appendChild(list);
  }
  return wordCount(root.textContent) >= 20 ? root : null;
}

/** The share of the main area's prose that the named blocks hold under which they are a sliver, and the area's share of prose that then tells of the product. */
const SLIVER_SHARE = 0.2;
const TELLING_PROSE = 0.15;

/**
 * Whether the blocks named for the product (`named`) are a sliver of a page that tells of it in prose:
 * the main area holds a sixth or more of its words in running prose outside links (a maker's page of
 * features, a repair part's guide, a shop whose description is not named so), and the named blocks
 * hold under a fifth of that prose. A shop's page of specifications and links has no such prose, and
 * its named blocks stay the product.
 */
export function namedSliver(named: PageElement, area: PageElement): boolean {
  const prose = proseWords(area, true);
  return prose >= wordCount(area.textContent) * TELLING_PROSE && proseWords(named, true) < prose * SLIVER_SHARE;
}

/** Words of a class or id that name the reviews' area. */
const REVIEW_WORDS = new Set(['review', 'reviews', 'ratings', 'testimonials']);

/** A product page's reviews (an area named for them, holding under three fifths of `root`) removed from `root` in place. */
export function dropReviews(root: PageElement): void {
  const all = wordCount(root.textContent);
  for (const element of [...root.querySelectorAll('[class], [id]')]) {
    if (!isInside(element, root)) continue;
    if (namedWith(elementNames(element), REVIEW_WORDS) && wordCount(element.textContent) <= all * MAX_REVIEWS_SHARE) element.remove();
  }
}
const MAX_REVIEWS_SHARE = 0.6;

/** Other products shown beside this one: four or more cards of one kind, three priced, under three tenths of the page. */
const MIN_OTHER_PRODUCTS = 4;
const MIN_PRICED = 3;
const MAX_OTHER_PRODUCTS_SHARE = 0.3;

/**
 * A product page's rows of other products ("You may also like", "Recently viewed") removed from
 * `root` in place: children of one parent of the same tag and class, each holding a link, four or
 * more of them, three with a price, together under three tenths of the page's words (more is a
 * category page taken for a product: its cards are the page); a row left empty, and its heading, too.
 */
export function dropOtherProducts(root: PageElement): void {
  const all = wordCount(root.textContent);
  for (const parent of [...root.querySelectorAll('div, ul, ol, section')]) {
    const groups = new Map<string, PageElement[]>();
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (child.localName.toLowerCase() !== 'a' && !child.querySelector('a')) continue;
      const key = `${child.localName}.${child.getAttribute('class') ?? ''}`;
      const group = groups.get(key);
      if (group) group.push(child);
      else groups.set(key, [child]);
    }
    for (const cards of groups.values()) {
      if (cards.length < MIN_OTHER_PRODUCTS || cards.filter((card) => PRICE_ONCE.test(card.textContent ?? '')).length < MIN_PRICED) continue;
      if (cards.reduce((sum, card) => sum + wordCount(card.textContent), 0) >= all * MAX_OTHER_PRODUCTS_SHARE) continue;
      for (const card of cards) card.remove();
      // A row left empty goes with the heading over it ("You may also like").
      if (wordCount(parent.textContent) === 0) {
        const heading = parent.previousElementSibling;
        if (heading && /^h[1-6]$/i.test(heading.localName)) heading.remove();
        parent.remove();
      }
    }
  }
}

