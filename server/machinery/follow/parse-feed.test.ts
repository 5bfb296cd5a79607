/** Reading feeds: RSS, Atom and JSON Feed items alike, the feed's own interval, the newest items only, a page's feed link, and what is refused. */
import { describe, expect, it } from 'vitest';
import { FOLLOW_MESSAGES } from '../../../shared/errors.ts';
import { nextCheck } from '../../use-cases/check-followed-feed.ts';
import { feedLinkOf, looksLikeFeed, MAX_FEED_ITEMS, MAX_ITEMS_READ, readFeed } from './parse-feed.ts';

const BASE = 'https://news.example/feed';

describe('readFeed', () => {
  it('reads RSS with its namespaces, making links absolute and honouring sy:updatePeriod', () => {
    const feed = readFeed(
      `<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
      <channel><title>News</title><sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>
      <item><title>Old</title><link>/a</link><guid>1</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>
      <item><title>New</title><link>/b</link><dc:creator>Ann Lee</dc:creator><content:encoded><![CDATA[<p>Full</p>]]></content:encoded><pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate></item>
      </channel></rss>`,
      BASE,
    );
    expect(feed.title).toBe('News');
    expect(feed.minIntervalSeconds).toBe(1800);
    expect(feed.items.map((i) => [i.guid, i.url, i.title, i.author])).toEqual([
      ['https://news.example/b', 'https://news.example/b', 'New', 'Ann Lee'],
      ['1', 'https://news.example/a', 'Old', null],
    ]);
    expect(feed.items[0]!.content).toBe('<p>Full</p>');
  });

  it('reads Atom and JSON Feed items the same way, and an RSS ttl in minutes', () => {
    const atom = readFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>urn:1</id><title>E</title><link rel="alternate" href="https://x.example/e"/><author><name>Bo</name></author><updated>2024-01-01T00:00:00Z</updated></entry></feed>`,
      BASE,
    );
    expect(atom.items[0]).toMatchObject({ guid: 'urn:1', url: 'https://x.example/e', title: 'E', author: 'Bo' });
    const json = readFeed(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'J', items: [{ id: 'j1', url: 'https://x.example/j', title: 'Jay', content_text: 'Words' }] }), BASE);
    expect(json.items[0]).toMatchObject({ guid: 'j1', url: 'https://x.example/j', content: 'Words' });
    expect(readFeed('<rss version="2.0"><channel><title>T</title><ttl>90</ttl></channel></rss>', BASE).minIntervalSeconds).toBe(5400);
  });

  it('keeps the newest items only, however many the feed holds', () => {
    const items = Array.from({ length: 500 }, (_, i) => `<item><guid>g${i}</guid><pubDate>${new Date(Date.UTC(2024, 0, 1, 0, i)).toUTCString()}</pubDate></item>`).join('');
    const feed = readFeed(`<rss version="2.0"><channel><title>T</title>${items}</channel></rss>`, BASE);
    expect(feed.items).toHaveLength(MAX_FEED_ITEMS);
    expect(feed.items[0]!.guid).toBe('g499');
  });

  const at = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
  it.each([
    ['RSS', (n: number) => `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>${Array.from({ length: n }, (_, i) => `<item><guid>g${i}</guid><pubDate>${new Date(at(i)).toUTCString()}</pubDate></item>`).join('')}</channel></rss>`],
    ['Atom', (n: number) => `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>${Array.from({ length: n }, (_, i) => `<entry><id>g${i}</id><updated>${at(i)}</updated></entry>`).join('')}</feed>`],
    ['JSON Feed', (n: number) => JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'T', items: Array.from({ length: n }, (_, i) => ({ id: `g${i}`, date_published: at(i) })) })],
  ])('parses only the first items of a feed of 60,000 (%s): an item after them is never read, however new', (_, write) => {
    // Listed oldest first, so the newest of all comes last: read whole, it would lead.
    const feed = readFeed(write(60_000), BASE);
    expect(feed.title).toBe('T');
    expect(feed.items).toHaveLength(MAX_FEED_ITEMS);
    expect(feed.items[0]!.guid).toBe(`g${MAX_ITEMS_READ - 1}`);
    // A feed of fewer is read whole.
    expect(readFeed(write(MAX_ITEMS_READ - 10), BASE).items[0]!.guid).toBe(`g${MAX_ITEMS_READ - 11}`);
  });

  it.each([
    ['XML that declares entities', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "b">]><rss version="2.0"><channel><title>&a;</title></channel></rss>', FOLLOW_MESSAGES.entities],
    ['XML that is not a feed', '<?xml version="1.0"?><catalog/>', FOLLOW_MESSAGES.notAFeed],
    ['JSON that is not a feed', '{"hello": "world"}', FOLLOW_MESSAGES.notAFeed],
  ])('refuses %s', (_, body, message) => {
    expect(() => readFeed(body, BASE)).toThrow(message);
  });
});

describe('finding a feed', () => {
  it('tells a feed from a page, and finds the feed a page names', () => {
    expect(looksLikeFeed('<?xml version="1.0"?><rss/>')).toBe(true);
    expect(looksLikeFeed('{"version":"https://jsonfeed.org/version/1.1"}')).toBe(true);
    expect(looksLikeFeed('<!doctype html><html><head></head></html>')).toBe(false);
    const page = `<html><head><link rel="stylesheet" href="/s.css"><link rel="alternate" type="text/html" href="/fr"><link type="application/atom+xml" rel="alternate" href="/atom.xml?x=1&amp;y=2"></head></html>`;
    expect(feedLinkOf(page, 'https://site.example/blog/')).toBe('https://site.example/atom.xml?x=1&y=2');
    expect(feedLinkOf('<html><head><link rel="alternate" type="application/rss+xml" href="javascript:alert(1)"></head></html>', 'https://site.example/')).toBeNull();
    expect(feedLinkOf('<html><head></head></html>', 'https://site.example/')).toBeNull();
  });
});

describe('nextCheck', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('waits the interval, or the feed’s own when longer, plus up to a tenth; doubles per failure to a day at most', () => {
    expect(nextCheck(now, 1_800_000, null, 0, () => 0).getTime() - now.getTime()).toBe(1_800_000);
    expect(nextCheck(now, 1_800_000, null, 0, () => 0.999).getTime() - now.getTime()).toBeLessThan(1_980_000);
    expect(nextCheck(now, 1_800_000, 7200, 0, () => 0).getTime() - now.getTime()).toBe(7_200_000);
    expect(nextCheck(now, 1_800_000, null, 2, () => 0).getTime() - now.getTime()).toBe(7_200_000);
    expect(nextCheck(now, 1_800_000, null, 20, () => 0).getTime() - now.getTime()).toBe(86_400_000);
  });
});
