/**
 * A podcast's script, timed transcript and chapters, for its owner (`/api/podcasts/:id/…`) and for
 * anyone holding its share link (`/api/shared/:token/…`): `script` (`{ title, script }`, the whole
 * text, which the podcast's JSON never carries), `transcript.json`, `transcript.vtt`,
 * `transcript.txt` (`?download=1` makes it a file to keep) and `chapters.json` (Podcasting 2.0).
 * The transcripts answer while the podcast is made, with the cues so far.
 */
import { Hono, type Context } from 'hono';
import type { Transcript } from '../../shared/api/transcript.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireOwner } from '../http/owner.ts';
import { textResponse } from '../http/text-response.ts';
import { renderChaptersJson, renderText, renderVtt } from '../machinery/feed/transcript.ts';
import { getPodcast } from '../use-cases/get-podcast.ts';
import { scriptOf } from '../use-cases/podcast-script.ts';
import { openSharedPodcast } from '../use-cases/open-shared-podcast.ts';
import { readTranscript, type PodcastTranscript } from '../use-cases/read-transcript.ts';

export const TRANSCRIPT_TYPES = {
  json: 'application/json; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
  chapters: 'application/json+chapters; charset=utf-8',
} as const;

const fileName = (title: string, ext: string) => `${title.trim() || 'podcast'}.${ext}`;

/** The API's answer: what `transcriptSchema` describes, nothing more. */
export function transcriptJson(t: PodcastTranscript): Transcript {
  return { complete: t.complete, cues: t.cues, chapters: t.chapters, ...(t.sources ? { sources: t.sources } : {}) };
}

function transcriptRoutes(deps: AppDeps, find: (c: Context<AppEnv>) => ReturnType<typeof getPodcast>) {
  const answer = async (c: Context<AppEnv>, format: 'json' | 'vtt' | 'txt') => {
    const transcript = await readTranscript(deps, await find(c));
    const download = c.req.query('download') === '1' ? { downloadName: fileName(transcript.title, format) } : {};
    const body =
      format === 'json' ? JSON.stringify(transcriptJson(transcript)) : format === 'vtt' ? renderVtt(transcript) : renderText(transcript.title, transcript);
    return textResponse(c, body, { contentType: TRANSCRIPT_TYPES[format], ...download });
  };
  return new Hono<AppEnv>()
    .on(['GET', 'HEAD'], '/:key/transcript.json', (c) => answer(c, 'json'))
    .on(['GET', 'HEAD'], '/:key/transcript.vtt', (c) => answer(c, 'vtt'))
    .on(['GET', 'HEAD'], '/:key/transcript.txt', (c) => answer(c, 'txt'))
    .on(['GET', 'HEAD'], '/:key/script', async (c) =>
      textResponse(c, JSON.stringify(scriptOf(await find(c))), { contentType: TRANSCRIPT_TYPES.json }),
    )
    .on(['GET', 'HEAD'], '/:key/chapters.json', async (c) => {
      const transcript = await readTranscript(deps, await find(c));
      return textResponse(c, renderChaptersJson(transcript.title, transcript.chapters), { contentType: TRANSCRIPT_TYPES.chapters });
    });
}

/** `/api/podcasts/:id/…`: the owner, as for `GET /api/podcasts/:id`. */
export function podcastTranscriptRoutes(deps: AppDeps) {
  return transcriptRoutes(deps, (c) => getPodcast(deps, c.req.param('key')!, requireOwner(c)));
}

/** `/api/shared/:token/…`: anyone with the share link. */
export function sharedTranscriptRoutes(deps: AppDeps) {
  return transcriptRoutes(deps, (c) => openSharedPodcast(deps, c.req.param('key')!));
}
