// Extraction in a worker thread, so a large page never holds up the server's other requests.
// Plain JavaScript that loads the TypeScript extractor through tsx, so it starts the same way under
// tsx, plain node and vitest.
//
// Protocol. In: { id, html, url }. Out: { id, ok: true, article } or { id, ok: false, error: { code,
// message } } (errors cross threads as data).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { extractArticle } = await import('./extract-article.ts');

parentPort.on('message', ({ id, html, url }) => {
  try {
    parentPort.postMessage({ id, ok: true, article: extractArticle(html, url) });
  } catch (error) {
    const code = typeof error?.code === 'string' ? error.code : 'INTERNAL_ERROR';
    parentPort.postMessage({ id, ok: false, error: { code, message: error?.message ?? String(error) } });
  }
});
parentPort.postMessage({ ready: true });
