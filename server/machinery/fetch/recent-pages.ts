/**
 * What came of the pages read in the last few minutes, by address, so the Create that follows an
 * estimate of the same page (or an estimate for another voice) neither fetches it again nor counts
 * it again. A page read is kept 5 minutes; a page that could not be read, 1 minute (long enough for
 * the Create right after its estimate, short enough that trying a flaky site again soon works).
 *
 * In memory and per process, bounded by entries and by characters (the least recently used go
 * first): the pages are public and cheap to fetch again, so a restart, or a Create that lands on
 * another web process than its estimate, only costs one more fetch.
 */
import type { AppError } from '../../errors.ts';

export const RECENT_PAGE_LIMITS = {
  keepMs: 5 * 60_000,
  keepFailedMs: 60_000,
  maxPages: 200,
  /** Characters of article text held in all, about 32 MB; a page over it is not kept. */
  maxChars: 16 * 1024 * 1024,
};

/** A page read (its article), or the answer it gave instead. */
export type PageOutcome<Article> = { article: Article } | { error: AppError };

export interface RecentPages<Article> {
  /** What came of the page at `url` within its keeping time, if it was read. */
  get(url: string, now: Date): PageOutcome<Article> | undefined;
  keep(url: string, outcome: PageOutcome<Article>, now: Date): void;
}

/** The address a page is known by: parsed, without its fragment (which the fetch ignores too). */
export function pageKey(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    parsed.hash = '';
    return parsed.href;
  } catch {
    return null;
  }
}

/** `size` tells an article's weight in characters. */
export function createRecentPages<Article>(size: (article: Article) => number, limits = RECENT_PAGE_LIMITS): RecentPages<Article> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const pages = new Map<string, { outcome: PageOutcome<Article>; until: number; chars: number }>();
  let chars = 0;
  const drop = (key: string) => {
    const entry = pages.get(key);
    if (!entry) return;
    chars -= entry.chars;
    pages.delete(key);
  };
  return {
    get(url, now) {
      const key = pageKey(url);
      const entry = key === null ? undefined : pages.get(key);
      if (key === null || !entry) return undefined;
      drop(key);
      if (entry.until <= now.getTime()) return undefined;
      pages.set(key, entry);
      chars += entry.chars;
      return entry.outcome;
    },
    keep(url, outcome, now) {
      const key = pageKey(url);
      if (!key) return;
      drop(key);
      const weight = 'article' in outcome ? size(outcome.article) : 0;
      if (weight > limits.maxChars) return;
      const keepMs = 'article' in outcome ? limits.keepMs : limits.keepFailedMs;
      pages.set(key, { outcome, until: now.getTime() + keepMs, chars: weight });
      chars += weight;
      for (const oldest of pages.keys()) {
        if (pages.size <= limits.maxPages && chars <= limits.maxChars) break;
        drop(oldest);
      }
    },
  };
}
