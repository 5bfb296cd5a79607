// Extraction in a worker thread, so a large page never holds up the server's other requests.
// Plain JavaScript that loads the extractor compiled or through tsx, so it starts the same way from
// the build, under tsx, plain node and vitest.
//
// Protocol. In: { id, html, url } for a page, { id, pdf } for a PDF's bytes, { id, feed, base } for a
// followed feed's body (its items, as readFeed reads them). Out: { id, ok: true, article } or { id, ok: false, error: { code,
// message } } (errors cross threads as data).
import { parentPort } from 'node:worker_threads';
import { typescriptModule } from '../../lib/typescript-module.mjs';

const { extractArticle } = await import(await typescriptModule('./extract-article.ts', import.meta.url));
const { extractPdf } = await import(await typescriptModule('./extract-pdf.ts', import.meta.url));
const { readFeed } = await import(await typescriptModule('../follow/parse-feed.ts', import.meta.url));

parentPort.on('message', async ({ id, html, url, pdf, feed, base }) => {
  try {
    const article = pdf ? await extractPdf(pdf) : typeof feed === 'string' ? readFeed(feed, base) : extractArticle(html, url);
    parentPort.postMessage({ id, ok: true, article });
  } catch (error) {
    const code = typeof error?.code === 'string' ? error.code : 'INTERNAL_ERROR';
    parentPort.postMessage({ id, ok: false, error: { code, message: error?.message ?? String(error) } });
  }
});
parentPort.postMessage({ ready: true });
