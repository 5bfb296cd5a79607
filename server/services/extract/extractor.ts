/**
 * Extraction off the event loop: Readability takes about 80 ms per thousand elements and a large
 * page a second or more, all of it synchronous, so the server runs it in a worker thread, one page
 * at a time; a PDF is read there too. A page that takes too long is cut off (the worker is replaced) and answers the
 * parse-failure message, like a page that crashes the parser.
 */
import { CONTENT_MESSAGES, ERROR_CODES, PDF_MESSAGES, type ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { createWorkerPool } from '../workers/worker-pool.ts';
import type { ExtractionResult } from './extract-article.ts';

export interface ArticleExtractor {
  /** The page's article; throws AppError with the user-facing messages, like extractArticle. */
  extract(html: string, url: string): Promise<ExtractionResult>;
  /** A PDF's article; throws AppError with the PDF messages, like extractPdf. */
  extractPdf(pdf: Uint8Array): Promise<ExtractionResult>;
  close(): Promise<void>;
}

export const EXTRACTION_TIMEOUT_MS = 20_000;

type Reply = { id: number; ok: true; article: ExtractionResult } | { id: number; ok: false; error: { code: string; message: string } };

const parseFailed = (cause?: unknown) =>
  new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.parseFailed, cause });

export interface ArticleExtractorOptions {
  timeoutMs?: number;
  /** The worker script; tests swap in one that misbehaves. */
  workerUrl?: URL;
}

export function createArticleExtractor(options: ArticleExtractorOptions = {}): ArticleExtractor {
  const timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_MS;
  const pool = createWorkerPool({
    url: options.workerUrl ?? new URL('./extract-worker.mjs', import.meta.url),
    ready: (message) => (message as { ready?: boolean }).ready === true,
  });
  let nextId = 1;
  let closed = false;

  const run = async (task: { html: string; url: string } | { pdf: Uint8Array }): Promise<ExtractionResult> => {
    if (closed) throw new Error('the extractor is closed');
    const lease = await pool.acquire();
    const id = nextId++;
    return new Promise<ExtractionResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Too slow: the page is refused and the worker replaced, so the next page starts clean.
        lease.retire();
        const cause = new Error(`extraction took over ${timeoutMs} ms`);
        reject('pdf' in task ? new AppError('NO_READABLE_CONTENT', { message: PDF_MESSAGES.tooSlow, cause }) : parseFailed(cause));
      }, timeoutMs);
      lease.onStop((error) => {
        clearTimeout(timer);
        lease.release();
        reject(closed ? new Error('the extractor is closed') : parseFailed(error));
      });
      lease.onMessage((message) => {
        const reply = message as Reply;
        if (reply.id !== id) return;
        clearTimeout(timer);
        lease.release();
        if (reply.ok) return resolve(reply.article);
        const code = (ERROR_CODES as readonly string[]).includes(reply.error.code) ? (reply.error.code as ErrorCode) : null;
        reject(code ? new AppError(code, { message: reply.error.message }) : parseFailed(new Error(reply.error.message)));
      });
      lease.post({ id, ...task });
    });
  };

  return {
    extract: (html, url) => run({ html, url }),
    extractPdf: (pdf) => run({ pdf }),
    async close() {
      closed = true;
      await pool.close();
    },
  };
}
