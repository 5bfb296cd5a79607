/**
 * The areas dropped before extraction: script, style, iframe, nav, footer, header and
 * aside elements, and the advertisement, social-share, comments, cookie, popup and newsletter areas,
 * recognised by a class or id that is that name or starts with it ("cookie-banner", "comments_list").
 * JSON-LD scripts stay: they are data, not code, and Readability reads the article's metadata from
 * them (and removes them itself). Measured on shared/corpora, dropping these areas costs nothing in
 * text (mean word F1 0.999 against Readability's own expectations) but loses the byline on the 4 of
 * 93 pages that keep it in a header, an aside or a sidebar.
 */
import type { PageDocument } from './page-document.ts';

const DROPPED_ELEMENTS =
  'script:not([type="application/ld+json"]), style, iframe, nav, footer, header, aside';
const DROPPED_AREA = /^(advertisement|social-share|comments|cookie|popup|newsletter)(?:$|[-_])/i;
/** Never dropped, whatever their class says: they hold the page itself. */
const KEPT_ELEMENTS = new Set(['HTML', 'HEAD', 'BODY', 'MAIN', 'ARTICLE']);

type PageElement = ReturnType<PageDocument['querySelectorAll']>[number];

function isDroppedArea(element: PageElement): boolean {
  if (KEPT_ELEMENTS.has(element.tagName.toUpperCase())) return false;
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return names.split(/\s+/).some((name) => DROPPED_AREA.test(name));
}

/** Removes the dropped areas from `document` in place. */
export function dropAreas(document: PageDocument): void {
  for (const element of document.querySelectorAll(DROPPED_ELEMENTS)) element.remove();
  for (const element of document.querySelectorAll('[class], [id]')) {
    if (element.isConnected && isDroppedArea(element)) element.remove();
  }
}
