// Extraction in a worker thread, so a large page never holds up the server's other requests.
// Plain JavaScript that loads the extractor compiled or through tsx, so it starts the same way from
// the build, under tsx, plain node and vitest.
//
// Protocol. In: { id, html, url }. Out: { id, ok: true, article } or { id, ok: false, error: { code,
// message } } (errors cross threads as data).
import { parentPort } from 'node:worker_threads';
import { typescriptModule } from '../../lib/typescript-module.mjs';

const { extractArticle } = await import(await typescriptModule('./extract-article.ts', import.meta.url));

parentPort.on('message', ({ id, html, url }) => {
  try {
    parentPort.postMessage({ id, ok: true, article: extractArticle(html, url) });
  } catch (error) {
    const code = typeof error?.code === 'string' ? error.code : 'INTERNAL_ERROR';
    parentPort.postMessage({ id, ok: false, error: { code, message: error?.message ?? String(error) } });
  }
});
parentPort.postMessage({ ready: true });
