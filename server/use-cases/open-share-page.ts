/**
 * What the page of a share link shows before any script runs (its link preview): the podcast's
 * title, a line of its article, and its audio once complete; null when the link shares nothing
 * (never shared, revoked, or a podcast no longer there), so the page answers 404.
 */
import { cleanTitleText } from '../../shared/api/nul.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { articleExcerpt } from '../machinery/feed/description.ts';
import { openSharedPodcast } from './open-shared-podcast.ts';

export interface SharePreview {
  title: string;
  description: string;
  /** The finished audio's path, when it is complete. */
  audioPath: string | null;
  durationMs: number | null;
}

const PREVIEW_CHARS = 200;

export async function openSharePage(deps: { db: Database }, token: string): Promise<SharePreview | null> {
  try {
    const row = await openSharedPodcast(deps, token);
    const ready = row.status === 'ready' && row.audioKey !== null;
    return {
      // Stored before titles were cleaned, or written by the AI: never a control or bidi character in og:title.
      title: cleanTitleText(row.title),
      description: articleExcerpt(row.articleText || row.content, PREVIEW_CHARS) || 'A web page turned into a podcast with Pagecast.',
      audioPath: ready ? `/api/shared/${token}/audio` : null,
      durationMs: ready ? row.durationMs : null,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}
