/**
 * A followed feed's fetch, against a local site: the validators go back and 304 means unchanged; a
 * redirect loop is named as one; a feed larger than the cap is refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTENT_MESSAGES, FOLLOW_MESSAGES } from '../../../shared/errors.ts';
import { fetchFeed } from './fetch-feed.ts';

const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>Tides</title></channel></rss>';
let site: http.Server;
let base: string;
let allowHosts: string[];
const asked: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  site = http.createServer((req, res) => {
    asked.push(req.headers);
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/huge') return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED + ' '.repeat(4096));
    if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' }).end(FEED);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  allowHosts = [`127.0.0.1:${port}`];
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

it('sends the last answer\'s validators back and reads 304 as unchanged', async () => {
  const first = await fetchFeed(`${base}/feed`, { allowHosts });
  expect(first).toMatchObject({ notModified: false, body: FEED, validators: { etag: '"v1"' } });
  const again = await fetchFeed(`${base}/feed`, { allowHosts, validators: { etag: '"v1"', lastModified: null } });
  expect(again.notModified).toBe(true);
  expect(asked.at(-1)?.['if-none-match']).toBe('"v1"');
});

it('names a redirect loop as one, not as an unreachable site', async () => {
  await expect(fetchFeed(`${base}/loop`, { allowHosts })).rejects.toMatchObject({ code: 'FETCH_FAILED', message: CONTENT_MESSAGES.redirectLoop });
});

it('refuses a feed past the cap with its own message', async () => {
  await expect(fetchFeed(`${base}/huge`, { allowHosts, maxBytes: 1024 })).rejects.toMatchObject({ code: 'FETCH_FAILED', message: FOLLOW_MESSAGES.tooLarge });
});
