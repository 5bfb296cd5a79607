/**
 * Extraction off the event loop: Readability takes about 80 ms per thousand elements and a large
 * page a second or more, all of it synchronous, so the server runs it in worker threads; a PDF and a
 * followed feed are read there too. Nobody can hog them:
 * - a small pool sized to the machine, where one owner (member or browser) holds at most all but one
 *   worker, and waiting tasks start by owner, the one with the fewest running first;
 * - a deadline that counts the time in the queue: a task still waiting at its deadline answers
 *   "busy, try again in N s" (429), one still running is cut off (its worker replaced) and answers the
 *   parse-failure (or PDF too-slow) message;
 * - a bounded queue, in all and per owner: past it the answer is the same 429 at once;
 * - bounded memory: each worker's heap is capped, a worker whose memory (heap and the buffers outside
 *   it, where pdf.js unpacks streams) passes `workerMemoryMb` is cut off and replaced, and so is a task
 *   during which the process grows by more than `memoryGrowthMb`, so the memory a bomb took returns.
 */
import os from 'node:os';
import { CONTENT_MESSAGES, ERROR_CODES, PDF_MESSAGES, type ErrorCode } from '../../../shared/errors.ts';
import { AppError, rateLimited } from '../../errors.ts';
import { createWorkerPool, type WorkerLease } from '../workers/worker-pool.ts';
import type { ParsedFeed } from '../follow/parse-feed.ts';
import type { ExtractionResult } from './extract-article.ts';

export interface ExtractOptions {
  /** Whose task this is (a member or a browser): the queue's fairness and per-owner bound go by it. */
  owner?: string;
}

export interface ArticleExtractor {
  /** The page's article; throws AppError with the user-facing messages, like extractArticle. */
  extract(html: string, url: string, options?: ExtractOptions): Promise<ExtractionResult>;
  /** A PDF's article; throws AppError with the PDF messages, like extractPdf. */
  extractPdf(pdf: Uint8Array, options?: ExtractOptions): Promise<ExtractionResult>;
  /** A feed's items (its first few hundred), like readFeed; throws AppError NOT_A_FEED. */
  readFeed(body: string, base: string, options?: ExtractOptions): Promise<ParsedFeed>;
  close(): Promise<void>;
}

export const EXTRACTION_TIMEOUT_MS = 20_000;

/** The least time left for a waiting task to be started. */
const MIN_START_MS = 1000;

/** Worker threads for extraction: one fewer than the cores, at least two (so one owner never holds them all), at most four. */
export const extractionWorkers = () => Math.min(4, Math.max(2, os.availableParallelism() - 1));

type Reply = { id: number; ok: true; article: ExtractionResult | ParsedFeed } | { id: number; ok: false; error: { code: string; message: string } };

const parseFailed = (cause?: unknown) =>
  new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.parseFailed, cause });

export interface ArticleExtractorOptions {
  /** From the task's arrival, queue included. */
  timeoutMs?: number;
  /** The worker script; tests swap in one that misbehaves. */
  workerUrl?: URL;
  /** Worker threads (default: extractionWorkers()). */
  workers?: number;
  /** Tasks that may wait, in all (default 16) and per owner (default 2). */
  queueLimit?: number;
  ownerQueueLimit?: number;
  /** Each worker's JavaScript heap, in MB (default 512). */
  heapMb?: number;
  /** How much the process may grow during a task before it is cut off, in MB (default 1024). */
  memoryGrowthMb?: number;
  /** A worker's memory, heap and buffers together, before its task is cut off, in MB (default 768). */
  workerMemoryMb?: number;
}

type Task = { html: string; url: string } | { pdf: Uint8Array } | { feed: string; base: string };

interface Entry {
  owner: string;
  task: Task;
  deadline: number;
  start: () => void;
  /** Ends the entry: waiting or running, it answers `error`. */
  fail: (error: Error) => void;
  /** Ends the entry still waiting at its deadline: it was never tried, so it answers "busy". */
  expire: () => void;
  /** Set while it runs: the process's size when it started, and how to cut it off. */
  running?: { rss: number; cutOff: (error: Error) => void; memory: () => Promise<number> };
}

export function createArticleExtractor(options: ArticleExtractorOptions = {}): ArticleExtractor {
  const timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_MS;
  const size = options.workers ?? extractionWorkers();
  const queueLimit = options.queueLimit ?? 16;
  const ownerQueueLimit = options.ownerQueueLimit ?? 2;
  const perOwner = Math.max(1, size - 1);
  const growthBytes = (options.memoryGrowthMb ?? 1024) * 1024 * 1024;
  const heapMb = options.heapMb ?? 512;
  const workerBytes = (options.workerMemoryMb ?? 768) * 1024 * 1024;
  const pool = createWorkerPool({
    url: options.workerUrl ?? new URL('./extract-worker.mjs', import.meta.url),
    size,
    ready: (message) => (message as { ready?: boolean }).ready === true,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  let nextId = 1;
  let closed = false;
  const waiting: Entry[] = [];
  const running = new Set<Entry>();
  let watchdog: NodeJS.Timeout | undefined;

  const runningFor = (owner: string) => [...running].filter((e) => e.owner === owner).length;
  /** The seconds until a worker must be free: the soonest deadline of those running. */
  const busy = () => {
    const now = Date.now();
    const soonest = Math.min(...[...running].map((e) => e.deadline - now), timeoutMs);
    return rateLimited(CONTENT_MESSAGES.busy, Math.max(1, soonest / 1000));
  };

  function dispatch() {
    // A waiting task with under a second left (its deadline came, or all but came, while it waited)
    // is told to come back, not started only to be cut as unreadable; a new one has its whole time.
    const now = Date.now();
    const least = Math.min(MIN_START_MS, timeoutMs / 2);
    for (const entry of waiting.filter((e) => e.deadline - now < least)) entry.expire();
    while (running.size < size) {
      // The waiting task of the owner with the fewest running, the earliest first; an owner at its share waits.
      let best: Entry | undefined;
      let fewest = Infinity;
      for (const entry of waiting) {
        const count = runningFor(entry.owner);
        if (count < perOwner && count < fewest) {
          best = entry;
          fewest = count;
        }
      }
      if (!best) return;
      waiting.splice(waiting.indexOf(best), 1);
      running.add(best);
      best.start();
    }
    watchMemory();
  }

  /** While tasks run, the process's size is sampled: a task it grew too much under is cut off. */
  function watchMemory() {
    if (running.size === 0) {
      clearInterval(watchdog);
      watchdog = undefined;
      return;
    }
    watchdog ??= setInterval(() => {
      const rss = process.memoryUsage.rss();
      for (const entry of running) {
        const task = entry.running;
        if (!task) continue;
        if (rss - task.rss > growthBytes) task.cutOff(new Error(`the process grew by ${Math.round((rss - task.rss) / 1048576)} MB while extracting`));
        // Asked of the worker even while it runs a long synchronous step (a stream being unpacked).
        task.memory().then(
          (bytes) => bytes > workerBytes && task.cutOff(new Error(`the worker held ${Math.round(bytes / 1048576)} MB while extracting`)),
          () => {},
        );
      }
    }, 100);
    watchdog.unref();
  }

  const tooBig = (task: Task, cause: Error) =>
    'pdf' in task ? new AppError('NO_READABLE_CONTENT', { message: PDF_MESSAGES.unpacksTooLarge, cause }) : parseFailed(cause);

  function runOn(lease: WorkerLease, entry: Entry, resolve: (article: ExtractionResult | ParsedFeed) => void, reject: (error: Error) => void) {
    const id = nextId++;
    let settled = false;
    const settle = (retire: boolean) => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      if (retire) lease.retire();
      else lease.release();
      running.delete(entry);
      dispatch();
      return true;
    };
    const timer = setTimeout(() => {
      // Too slow: the task is refused and the worker replaced, so the next task starts clean.
      if (!settle(true)) return;
      const cause = new Error(`extraction took over ${timeoutMs} ms`);
      reject('pdf' in entry.task ? new AppError('NO_READABLE_CONTENT', { message: PDF_MESSAGES.tooSlow, cause }) : parseFailed(cause));
    }, Math.max(0, entry.deadline - Date.now()));
    entry.running = {
      memory: () => lease.memory(),
      rss: process.memoryUsage.rss(),
      cutOff: (cause) => {
        if (settle(true)) reject(tooBig(entry.task, cause));
      },
    };
    lease.onStop((error) => {
      if (!settle(false)) return;
      if (closed) return reject(new Error('the extractor is closed'));
      // A worker past its heap limit stops with ERR_WORKER_OUT_OF_MEMORY.
      reject((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig(entry.task, error) : parseFailed(error));
    });
    lease.onMessage((message) => {
      const reply = message as Reply;
      if (reply.id !== id || !settle(false)) return;
      if (reply.ok) return resolve(reply.article);
      const code = (ERROR_CODES as readonly string[]).includes(reply.error.code) ? (reply.error.code as ErrorCode) : null;
      reject(code ? new AppError(code, { message: reply.error.message }) : parseFailed(new Error(reply.error.message)));
    });
    lease.post({ id, ...entry.task });
  }

  const run = (task: Task, owner = ''): Promise<ExtractionResult | ParsedFeed> => {
    if (closed) return Promise.reject(new Error('the extractor is closed'));
    if (waiting.length >= queueLimit || waiting.filter((e) => e.owner === owner).length >= ownerQueueLimit) return Promise.reject(busy());
    return new Promise<ExtractionResult | ParsedFeed>((resolve, reject) => {
      const entry: Entry = {
        owner,
        task,
        deadline: Date.now() + timeoutMs,
        fail: reject,
        expire: () => {
          clearTimeout(queued);
          const at = waiting.indexOf(entry);
          if (at < 0) return;
          waiting.splice(at, 1);
          reject(busy());
        },
        start: () => {
          clearTimeout(queued);
          const aborter = new AbortController();
          const left = setTimeout(() => aborter.abort(new Error(`no worker started within ${timeoutMs} ms`)), Math.max(0, entry.deadline - Date.now()));
          pool.acquire(aborter.signal).then(
            (lease) => {
              clearTimeout(left);
              runOn(lease, entry, resolve, reject);
            },
            (error: unknown) => {
              clearTimeout(left);
              running.delete(entry);
              dispatch();
              // No worker came up by the deadline (a cold start on a loaded machine): the page was never tried, so come back.
              reject(closed ? new Error('the extractor is closed') : aborter.signal.aborted ? busy() : parseFailed(error));
            },
          );
        },
      };
      // Still waiting at its deadline: it was never tried, so the answer is "busy", not "unreadable".
      const queued = setTimeout(() => entry.expire(), timeoutMs);
      waiting.push(entry);
      dispatch();
    });
  };

  return {
    extract: (html, url, opts) => run({ html, url }, opts?.owner) as Promise<ExtractionResult>,
    extractPdf: (pdf, opts) => run({ pdf }, opts?.owner) as Promise<ExtractionResult>,
    readFeed: (feed, base, opts) => run({ feed, base }, opts?.owner) as Promise<ParsedFeed>,
    async close() {
      closed = true;
      clearInterval(watchdog);
      for (const entry of waiting.splice(0)) entry.fail(new Error('the extractor is closed'));
      await pool.close();
    },
  };
}
