/**
 * Extraction off the event loop: Readability takes about 80 ms per thousand elements and a large
 * page a second or more, all of it synchronous, so the server runs it in one worker thread, one page
 * at a time. A page that takes too long is cut off (the worker is replaced) and answers the spec's
 * parse-failure message, like a page that crashes the parser.
 */
import { Worker } from 'node:worker_threads';
import { CONTENT_MESSAGES, ERROR_CODES, type ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import type { ExtractionResult } from './extract-article.ts';

export interface ArticleExtractor {
  /** The page's article; throws AppError with the spec's messages, like extractArticle. */
  extract(html: string, url: string): Promise<ExtractionResult>;
  close(): Promise<void>;
}

export const EXTRACTION_TIMEOUT_MS = 20_000;

type Reply = { id: number; ok: true; article: ExtractionResult } | { id: number; ok: false; error: { code: string; message: string } };

interface Task {
  id: number;
  html: string;
  url: string;
  resolve(article: ExtractionResult): void;
  reject(error: unknown): void;
}

const parseFailed = (cause?: unknown) =>
  new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.parseFailed, cause });

export interface ArticleExtractorOptions {
  timeoutMs?: number;
  /** The worker script; tests swap in one that misbehaves. */
  workerUrl?: URL;
}

export function createArticleExtractor(options: ArticleExtractorOptions = {}): ArticleExtractor {
  const timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_MS;
  const workerUrl = options.workerUrl ?? new URL('./extract-worker.mjs', import.meta.url);
  const queue: Task[] = [];
  let worker: Worker | null = null;
  let current: { task: Task; timer: NodeJS.Timeout } | null = null;
  let nextId = 1;
  let closed = false;

  function startWorker(): Worker {
    const w = new Worker(workerUrl);
    w.on('message', (message: Reply | { ready: true }) => {
      if ('ready' in message || !current || message.id !== current.task.id) return;
      const { task } = finish();
      if (message.ok) task.resolve(message.article);
      else {
        const code = (ERROR_CODES as readonly string[]).includes(message.error.code)
          ? (message.error.code as ErrorCode)
          : null;
        task.reject(code ? new AppError(code, { message: message.error.message }) : parseFailed(new Error(message.error.message)));
      }
      pump();
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      if (current) {
        finish().task.reject(parseFailed(err));
      }
      pump();
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
    });
    return w;
  }

  function finish() {
    const done = current!;
    clearTimeout(done.timer);
    current = null;
    worker?.unref();
    return done;
  }

  function pump() {
    if (current || closed) return;
    const task = queue.shift();
    if (!task) return;
    worker ??= startWorker();
    worker.ref();
    const timer = setTimeout(() => {
      // Too slow: the page is refused and the worker replaced, so the next page starts clean.
      const stuck = worker;
      worker = null;
      void stuck?.terminate();
      finish().task.reject(parseFailed(new Error(`extraction took over ${timeoutMs} ms`)));
      pump();
    }, timeoutMs);
    current = { task, timer };
    worker.postMessage({ id: task.id, html: task.html, url: task.url });
  }

  return {
    extract(html, url) {
      if (closed) return Promise.reject(new Error('the extractor is closed'));
      return new Promise<ExtractionResult>((resolve, reject) => {
        queue.push({ id: nextId++, html, url, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the extractor is closed'));
      if (current) finish().task.reject(new Error('the extractor is closed'));
      await worker?.terminate();
      worker = null;
    },
  };
}
