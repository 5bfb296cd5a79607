/**
 * A local web server of article pages for tests that convert a URL. Listens on 127.0.0.1 on a random
 * port; the server under test is told to let it through with FETCH_ALLOW_HOSTS.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const ARTICLE_TITLE = 'How Lighthouses Learned to Talk';

export const ARTICLE_PARAGRAPHS = [
  'For two centuries lighthouses spoke only in light. Each tower had its own rhythm of flashes, and sailors learned to read them the way we read street signs today.',
  'In the nineteen twenties radio beacons arrived. A lighthouse could now send a signal far beyond the horizon, through fog that swallowed every beam of light.',
  'Keepers were sceptical at first. The new machines hummed and failed, and the old lamps never did. But within a decade the beacons had saved enough ships to win the argument.',
  'Today most lighthouses run themselves. Their lamps are automatic, their beacons are satellites, and their keepers are gone. Yet sailors still look for the light.',
];

export function articleHtml(title = ARTICLE_TITLE, paragraphs = ARTICLE_PARAGRAPHS) {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article><h1>${title}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</article></main>
<footer>Copyright The Harbour Gazette</footer></body></html>`;
}

export interface ArticlePages {
  url: string;
  host: string;
  /** How many times `path` (with its query, as requested) was asked for. */
  requests(path: string): number;
  close(): Promise<void>;
}

/** The title `/with-nul` serves: NUL characters sit in it and in the article's text. */
export const NUL_ARTICLE_TITLE = 'Lighthouse\u0000 Notes';

/** A database tutorial in miniature: about 200 words of prose around two large `<pre>` blocks (most of its words are code). */
export const CODE_TUTORIAL_HTML = readFileSync(join(import.meta.dirname, 'fixtures', 'code-tutorial.html'), 'utf8');

/**
 * `/article` is a readable article, `/tutorial` a code-heavy one, `/with-nul` the same article with NUL characters in its title
 * and text, `/empty` a page with nothing to read, `/missing` a 404. A query makes another address of
 * the same page (`/article?2`).
 */
export async function startArticlePages(): Promise<ArticlePages> {
  const asked = new Map<string, number>();
  const server = http.createServer((req, res) => {
    asked.set(req.url ?? '', (asked.get(req.url ?? '') ?? 0) + 1);
    const path = (req.url ?? '').replace(/\?.*/, '');
    if (path === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articleHtml());
    } else if (path === '/tutorial') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CODE_TUTORIAL_HTML);
    } else if (path === '/with-nul') {
      const paragraphs = ARTICLE_PARAGRAPHS.map((p) => p.replace('. ', '.\u0000 '));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articleHtml(NUL_ARTICLE_TITLE, paragraphs));
    } else if (path === '/empty') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><nav><a href="/">Home</a></nav></body></html>');
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests: (path) => asked.get(path) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
