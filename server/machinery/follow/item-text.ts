/**
 * What an item with no address is read from: its HTML content in the feed, as text the way an
 * article's is (a line per block, a table row's cells apart, scripts and styles unread), entities
 * decoded once.
 */
import { parseHTML } from 'linkedom';
import { articleText } from '../../../shared/text/article-text.ts';

/** The most of an item's text kept; a feed is capped in bytes long before this. */
const MAX_ITEM_TEXT = 200_000;

export function itemText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return articleText(document.body).slice(0, MAX_ITEM_TEXT);
}
