/**
 * The article an estimate or a Create reads (the intake stages). Text the extension sent is read as
 * is. A page address is fetched, and a PDF file read, under the hourly page limits, unless the same
 * page or file was read in the last few minutes: an estimate then the Create of the same address or
 * file read it once and count once.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { runIntake } from '../pipeline/intake.ts';
import type { IntakePorts, PreparedArticle, Source } from '../pipeline/ports.ts';
import type { RecentPages } from '../machinery/fetch/recent-pages.ts';
import { takePageFetch, type LimitSubject } from '../services/podcasts/limits.ts';

export interface ReadArticleDeps {
  db: Database;
  config: Pick<Config, 'limits'>;
  clock: () => Date;
  pipeline: IntakePorts;
  recentPages: RecentPages<PreparedArticle>;
}

export async function readArticle(deps: ReadArticleDeps, subject: LimitSubject, source: Source, signal?: AbortSignal): Promise<PreparedArticle> {
  if (!('url' in source) && !('file' in source)) return runIntake(deps.pipeline, source, signal);
  // A file is known by its SHA-256, taken as its bytes arrived.
  const key = 'url' in source ? source.url : `file:${source.file.sha256} ${source.sourceUrl ?? ''}`;
  const known = deps.recentPages.get(key, deps.clock());
  if (known) {
    if ('error' in known) throw known.error;
    return known.article;
  }
  const fetch = await takePageFetch(deps, subject);
  let article: PreparedArticle;
  try {
    // Whose reading this is, so one visitor's slow files wait behind their own, not another's page.
    const owner = subject.caller ? `user:${subject.caller.userId}` : `address:${subject.clientAddress ?? ''}`;
    article = await runIntake({ ...deps.pipeline, extract: (page) => deps.pipeline.extract(page, { owner }) }, source, signal);
  } catch (err) {
    // Stopped by its caller (the set of sources it was in is done): not the page's failure.
    if (signal?.aborted) {
      await fetch.succeeded();
      throw err;
    }
    await fetch.failed();
    // An answer about the page (unreachable, nothing to read) is the same right after; a fault is not kept.
    if (err instanceof AppError) deps.recentPages.keep(key, { error: err }, deps.clock());
    throw err;
  }
  await fetch.succeeded();
  deps.recentPages.keep(key, { article }, deps.clock());
  return article;
}
