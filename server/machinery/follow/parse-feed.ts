/**
 * A feed's body read into its items, with feedsmith (RSS, Atom, RDF and JSON Feed in one parser).
 * XML that declares entities is refused before parsing (no feed needs them; an entity bomb is one).
 * Only the first MAX_ITEMS_READ items are parsed (feeds list the newest first; a feed of 60,000 items
 * took the parser a second), of which the newest MAX_FEED_ITEMS are kept; each item's text is capped.
 * Run in the extraction worker (`ArticleExtractor.readFeed`), off the event loop.
 * An HTML page is searched for the feed it names (`<link rel="alternate">`).
 */
import { parseFeed } from 'feedsmith';
import { FOLLOW_MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';

/** Items read from one answer, at most: the newest. */
export const MAX_FEED_ITEMS = 100;
/** Items parsed from one answer, at most: the first in the document. */
export const MAX_ITEMS_READ = 500;
const MAX_FIELD_CHARS = 2_000;
const MAX_CONTENT_CHARS = 200_000;

export interface FeedItem {
  /** The item's identity: its GUID or id, else its address, else its title and date. */
  guid: string;
  url: string | null;
  title: string | null;
  author: string | null;
  /** Its text in the feed (content, else summary), markup and all. */
  content: string | null;
  publishedAt: Date | null;
}

export interface ParsedFeed {
  title: string | null;
  items: FeedItem[];
  /** The least seconds between checks the feed asks for (RSS ttl, sy:updatePeriod / updateFrequency). */
  minIntervalSeconds: number | null;
}

const PERIOD_SECONDS: Record<string, number> = { hourly: 3600, daily: 86_400, weekly: 604_800, monthly: 2_592_000, yearly: 31_536_000 };

const text = (v: unknown, max = MAX_FIELD_CHARS): string | null => {
  const value = typeof v === 'string' ? v : v && typeof v === 'object' && 'value' in v && typeof v.value === 'string' ? v.value : null;
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};
const date = (v: unknown): Date | null => {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
const absolute = (href: string | null, base: string): string | null => {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** Whether a body looks like XML or JSON rather than an HTML page. */
export function looksLikeFeed(body: string): boolean {
  const head = body.slice(0, 2000).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return true;
  return /^<\?xml|^<(?:rss|feed|rdf:RDF)\b/i.test(head) || (/<(?:rss|feed)\b/i.test(head) && !/<html\b/i.test(head));
}

/** The feed a page names: its first `<link rel="alternate">` of a feed type, made absolute; null when none. */
export function feedLinkOf(html: string, base: string): string | null {
  const head = html.slice(0, 500_000);
  for (const match of head.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined) ?? null;
    const rel = attr('rel')?.toLowerCase().split(/\s+/) ?? [];
    const type = attr('type')?.toLowerCase() ?? '';
    if (!rel.includes('alternate')) continue;
    if (!/^application\/(?:rss\+xml|atom\+xml|feed\+json|json|rdf\+xml)$/.test(type)) continue;
    const href = absolute(attr('href')?.replace(/&amp;/g, '&') ?? null, base);
    if (href) return href;
  }
  return null;
}

/** Reads a feed's body; throws NOT_A_FEED for anything that is not one. `base` makes relative links absolute. */
export function readFeed(body: string, base: string): ParsedFeed {
  if (/<!ENTITY/i.test(body.slice(0, 100_000))) throw new AppError('NOT_A_FEED', { message: FOLLOW_MESSAGES.entities });
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(body.trimStart().startsWith('{') ? firstJsonItems(JSON.parse(body) as unknown) : firstXmlItems(body));
  } catch (err) {
    throw new AppError('NOT_A_FEED', { message: FOLLOW_MESSAGES.notAFeed, cause: err });
  }
  const feed = parsed.feed as Record<string, unknown>;
  const raw = ((parsed.format === 'atom' ? feed.entries : feed.items) as Record<string, unknown>[] | undefined) ?? [];
  const items = raw.map((item) => itemOf(parsed.format, item, base)).filter((i): i is FeedItem => i !== null);
  // The newest first: by date where the items have one, else in the feed's own order (newest first by custom).
  const dated = items.every((i) => i.publishedAt);
  if (dated) items.sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime());
  return { title: text(feed.title), items: items.slice(0, MAX_FEED_ITEMS), minIntervalSeconds: intervalOf(feed) };
}

/** The XML cut after its MAX_ITEMS_READ-th item or entry, closed as its root needs; whole when it has fewer. */
function firstXmlItems(body: string): string {
  const ends = /<\/(?:item|entry)\s*>/gi;
  let match: RegExpExecArray | null = null;
  for (let n = 0; n < MAX_ITEMS_READ; n++) {
    match = ends.exec(body);
    if (!match) return body;
  }
  if (!ends.exec(body)) return body;
  const head = body.slice(0, 5000);
  const closing = /<rdf:RDF\b/i.test(head) ? '</rdf:RDF>' : /<rss\b/i.test(head) ? '</channel></rss>' : '</feed>';
  return body.slice(0, match!.index + match![0].length) + closing;
}

/** A JSON Feed with its first MAX_ITEMS_READ items. */
function firstJsonItems(json: unknown): unknown {
  if (!json || typeof json !== 'object' || !Array.isArray((json as { items?: unknown }).items)) return json;
  return { ...json, items: (json as { items: unknown[] }).items.slice(0, MAX_ITEMS_READ) };
}

function itemOf(format: string, item: Record<string, unknown>, base: string): FeedItem | null {
  let url: string | null;
  let guid: string | null;
  let author: string | null;
  let content: string | null;
  let published: Date | null;
  if (format === 'atom') {
    const links = (item.links as { href?: string; rel?: string }[] | undefined) ?? [];
    url = absolute(links.find((l) => !l.rel || l.rel === 'alternate')?.href ?? null, base);
    guid = text(item.id);
    author = text((item.authors as { name?: string }[] | undefined)?.[0]?.name);
    content = text(item.content, MAX_CONTENT_CHARS) ?? text(item.summary, MAX_CONTENT_CHARS);
    published = date(item.published) ?? date(item.updated);
  } else if (format === 'json') {
    url = absolute(text(item.url) ?? text(item.external_url), base);
    guid = text(item.id);
    author = text((item.authors as { name?: string }[] | undefined)?.[0]?.name ?? (item.author as { name?: string } | undefined)?.name);
    content = text(item.content_html, MAX_CONTENT_CHARS) ?? text(item.content_text, MAX_CONTENT_CHARS) ?? text(item.summary, MAX_CONTENT_CHARS);
    published = date(item.date_published) ?? date(item.date_modified);
  } else {
    url = absolute(text(item.link), base);
    const g = item.guid as { value?: string } | string | undefined;
    guid = text(typeof g === 'string' ? g : g?.value);
    const dc = item.dc as { creators?: string[]; creator?: string } | undefined;
    author = text(item.author) ?? text(dc?.creators?.[0] ?? dc?.creator);
    const encoded = (item.content as { encoded?: string } | undefined)?.encoded;
    content = text(encoded, MAX_CONTENT_CHARS) ?? text(item.description, MAX_CONTENT_CHARS);
    published = date(item.pubDate) ?? date(dc && (dc as { date?: string }).date);
  }
  const title = text(item.title);
  const id = guid ?? url ?? (title ? `${title} ${published?.toISOString() ?? ''}`.trim() : null);
  if (!id) return null;
  return { guid: id.slice(0, MAX_FIELD_CHARS), url, title, author, content, publishedAt: published };
}

function intervalOf(feed: Record<string, unknown>): number | null {
  const ttl = Number(feed.ttl);
  const fromTtl = Number.isFinite(ttl) && ttl > 0 ? ttl * 60 : null;
  const sy = feed.sy as { updatePeriod?: string; updateFrequency?: number } | undefined;
  const period = sy?.updatePeriod ? PERIOD_SECONDS[sy.updatePeriod.trim().toLowerCase()] : undefined;
  const fromSy = period ? period / Math.max(1, Number(sy?.updateFrequency) || 1) : null;
  const known = [fromTtl, fromSy].filter((v): v is number => v !== null);
  // A feed cannot ask to be left alone for more than a day.
  return known.length ? Math.min(86_400, Math.max(...known)) : null;
}
