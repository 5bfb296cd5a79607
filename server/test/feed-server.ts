/**
 * A local site with a feed, for the follow tests. `/feed.xml` (any query makes another feed of the
 * same items) is RSS 2.0 with an ETag, answering 304 when nothing changed; `/site` is a page that
 * names it in `<link rel="alternate">`; `/items/<n>` are the items' pages (`/go/<n>` redirects there). Bad input: `/plain` (a page
 * naming no feed), `/not-a-feed.xml`, `/bomb.xml` (entity expansion), `/huge.xml` (100,000 items),
 * `/to-private.xml` (redirects to a private address), `/images.xml` (an item linking to an image),
 * `/empty.xml` (a feed of no items). Another site's feed, `/log.xml`, holds `LOG_ENTRIES` at `/log/<n>`.
 * `/broken.xml` is a feed whose items all link to pages that are gone (404); `/big.xml` holds 60,000
 * items (about 2 MB, the newest first); `/held.xml` serves `heldItems`, and its answers wait while the
 * test holds them (`hold`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedServerItem {
  guid: string;
  title: string;
  /** The page's path ('/items/1'); null for an item with no address. */
  path: string | null;
  text: string;
  published: Date;
}

export interface FeedServer {
  url: string;
  host: string;
  items: FeedServerItem[];
  /** Adds an item (newest) and answers it. */
  add(n: number, changes?: Partial<FeedServerItem>): FeedServerItem;
  /** When each request for `path` (without its query unless given) came, in ms. */
  requests(path: string): number[];
  /** The items of `/held.xml`. */
  heldItems: FeedServerItem[];
  /** Holds `/held.xml`'s answers from now on: `asked` settles once one is waiting, `release` sends them all. */
  hold(): { asked: Promise<void>; release: () => void };
  close(): Promise<void>;
}

export function feedItem(n: number): FeedServerItem {
  return {
    guid: `item-${n}`,
    title: `Harbour news number ${n}`,
    path: `/items/${n}`,
    text: `Item ${n}: the harbour master reports that boat number ${n} came home safely before the storm.`,
    published: new Date(Date.UTC(2026, 0, 1, n)),
  };
}

/** The entries of the other site's feed, `/log.xml`: published after every harbour item. */
export const LOG_ENTRIES: FeedServerItem[] = [1, 2].map((n) => ({
  guid: `log-${n}`,
  title: `Lighthouse log, night ${n}`,
  path: `/log/${n}`,
  text: `Night ${n}: the lamp turned until dawn, and three ships passed the point in the fog without a sound.`,
  published: new Date(Date.UTC(2026, 1, 1, n)),
}));

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFeedServer(first = 5): Promise<FeedServer> {
  const items: FeedServerItem[] = Array.from({ length: first }, (_, i) => feedItem(i + 1));
  const heldItems: FeedServerItem[] = [feedItem(1)];
  let held: { waiting: (() => void)[]; asked: () => void } | null = null;
  const asked = new Map<string, number[]>();
  let base = '';
  const rss = (list = items, title = 'The Harbour Gazette') => {
    const body = [...list]
      .reverse()
      .map(
        (i) =>
          `<item><guid isPermaLink="false">${i.guid}</guid><title>${escape(i.title)}</title>` +
          `${i.path ? `<link>${base}${i.path}</link>` : ''}<description>${escape(`<p>${i.text}</p>`)}</description>` +
          `<pubDate>${i.published.toUTCString()}</pubDate></item>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${title}</title><link>${base}/site</link>\n${body}\n</channel></rss>`;
  };
  const server = http.createServer((req, res) => {
    const full = req.url ?? '';
    const path = full.replace(/\?.*/, '');
    for (const key of new Set([path, full])) asked.set(key, [...(asked.get(key) ?? []), Date.now()]);
    const item = /^\/items\/(\d+)$/.exec(path);
    if (path === '/feed.xml') {
      const body = rss();
      const etag = `"${Buffer.from(body).toString('base64').slice(-24)}${body.length}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
      return void res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag }).end(body);
    }
    if (path === '/site') {
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><head><title>The Harbour Gazette</title><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body><p>News of the harbour.</p></body></html>`);
    }
    if (path === '/log.xml') return void res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss(LOG_ENTRIES, 'The Lighthouse Log'));
    // `/go/<n>` is another address of item n's page (a redirect, as a feed's click-through link).
    const go = /^\/go\/(\d+)$/.exec(path);
    if (go) return void res.writeHead(302, { location: `/items/${go[1]}` }).end();
    if (item || path.startsWith('/log/')) {
      // An item's address may carry a query (tracking parameters): the page is the same.
      const found = [...items, ...LOG_ENTRIES].find((i) => i.path?.replace(/\?.*/, '') === path);
      if (!found) return void res.writeHead(404).end('Not here');
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><head><title>${found.title}</title></head><body><article><h1>${found.title}</h1><p>${found.text}</p></article></body></html>`);
    }
    if (path === '/held.xml') {
      const answer = () => res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss(heldItems, 'The Held Gazette'));
      if (!held) return void answer();
      held.waiting.push(answer);
      return void held.asked();
    }
    if (path === '/broken.xml') {
      const gone = [1, 2, 3, 4, 5].map((n) => ({ ...feedItem(n), guid: `gone-${n}`, path: `/gone/${n}` }));
      return void res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss(gone, 'The Broken Gazette'));
    }
    if (path === '/big.xml') {
      // Items of a GUID only (about 30 bytes each), the newest first: under the 2 MB cap.
      const many = Array.from({ length: 60_000 }, (_, i) => `<item><guid>b${60_000 - i}</guid></item>`).join('');
      return void res
        .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' })
        .end(`<?xml version="1.0"?><rss version="2.0"><channel><title>The Big Gazette</title>${many}</channel></rss>`);
    }
    if (path === '/plain') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><head><title>No feed</title></head><body><p>Hello.</p></body></html>');
    if (path === '/not-a-feed.xml') return void res.writeHead(200, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><catalog><book>Not news</book></catalog>');
    if (path === '/bomb.xml') {
      const entities = ['<!ENTITY a "aaaaaaaaaa">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`)];
      return void res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(`<?xml version="1.0"?>\n<!DOCTYPE rss [${entities.join('')}]>\n<rss version="2.0"><channel><title>&j;</title><item><guid>x</guid><title>&j;</title></item></channel></rss>`);
    }
    if (path === '/huge.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>');
      for (let i = 0; i < 100_000; i++) res.write(`<item><guid>g${i}</guid><title>Item ${i}</title><link>${base}/items/${i}</link></item>`);
      return void res.end('</channel></rss>');
    }
    if (path === '/to-private.xml') return void res.writeHead(302, { location: 'http://10.1.2.3/feed.xml' }).end();
    if (path === '/images.xml') {
      return void res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Pictures</title><item><guid>pic</guid><title>A picture</title><link>${base}/picture.png</link></item></channel></rss>`);
    }
    if (path === '/picture.png') {
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    }
    if (path === '/empty.xml') return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<?xml version="1.0"?><rss version="2.0"><channel><title>Quiet</title></channel></rss>');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
  return {
    url: base,
    host,
    items,
    add(n, changes = {}) {
      const item = { ...feedItem(n), ...changes };
      items.push(item);
      return item;
    },
    requests: (path) => asked.get(path) ?? [],
    heldItems,
    hold() {
      let asked!: () => void;
      const seen = new Promise<void>((resolve) => (asked = resolve));
      const now = { waiting: [] as (() => void)[], asked };
      held = now;
      return {
        asked: seen,
        release: () => {
          held = null;
          for (const answer of now.waiting.splice(0)) answer();
        },
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
