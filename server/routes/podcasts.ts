/** `/api/podcasts`: make, list, rename, delete, retry and re-voice podcasts; follow and play them. */
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { createPodcastSchema, estimatePodcastSchema, updatePodcastSchema, updateScriptSchema } from '../../shared/api/podcasts.ts';
import { positionSchema, setVoiceSchema } from '../../shared/api/premium.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress, requireCaller } from '../http/caller.ts';
import { ownerOf, requireOwner } from '../http/owner.ts';
import { toPodcast, toPodcastEvent } from '../http/podcast-view.ts';
import { serveAudio } from '../http/serve-audio.ts';
import { firstPartNotYetResponse, playlistResponse, segmentNumber } from '../http/stream.ts';
import { hlsPlaylist } from '../machinery/audio/hls-playlist.ts';
import { FIRST_PART_WAIT_MS, findStreamingPodcast, listStreamSegments, openStreamSegment } from '../use-cases/open-episode-stream.ts';
import { readPodcastRequest } from '../http/upload.ts';
import { validate } from '../http/validate.ts';
import { createPodcast } from '../use-cases/create-podcast.ts';
import { deletePodcast } from '../use-cases/delete-podcast.ts';
import { estimatePodcast } from '../use-cases/estimate-podcast.ts';
import { savePodcastScript } from '../use-cases/podcast-script.ts';
import { downloadPodcast } from '../use-cases/download-podcast.ts';
import { getPodcast } from '../use-cases/get-podcast.ts';
import { listPodcasts } from '../use-cases/list-podcasts.ts';
import { openPodcastAudio } from '../use-cases/open-podcast-audio.ts';
import { podcastNotFound } from '../use-cases/podcast-errors.ts';
import { renamePodcast } from '../use-cases/rename-podcast.ts';
import { retryPodcast } from '../use-cases/retry-podcast.ts';
import { revoicePodcast } from '../use-cases/revoice-podcast.ts';
import { savePosition } from '../use-cases/save-position.ts';
import { watchPodcast } from '../use-cases/watch-podcast.ts';

export function podcastRoutes(deps: AppDeps) {
  const { signer, config } = deps;
  const view = (row: Parameters<typeof toPodcast>[0]) => toPodcast(row, signer, config.publicUrl);

  /** Who asks for a podcast's audio: a holder of its signed address (`?t=`), or its owner. */
  const listener = (c: Context<AppEnv>) => {
    const id = c.req.param('id')!;
    const token = c.req.query('t');
    if (token && !signer.verify(token, id, 'audio', deps.clock())) throw podcastNotFound();
    return { id, token, access: token ? ({ signed: true } as const) : { owner: ownerOf(c) } };
  };

  return new Hono<AppEnv>()
    // JSON, or a form carrying PDFs as files (http/upload.ts).
    .post('/', async (c) => {
      const caller = c.get('caller');
      const owner = requireOwner(c);
      const { request, done } = await readPodcastRequest(c, deps, createPodcastSchema);
      try {
        const row = await createPodcast(deps, { owner, caller, clientAddress: caller ? null : clientAddress(c, deps.config.trustProxy), request });
        return c.json(view(row), 201);
      } finally {
        done();
      }
    })
    .post('/estimate', async (c) => {
      const caller = c.get('caller');
      const { request, done } = await readPodcastRequest(c, deps, estimatePodcastSchema);
      try {
        const estimate = await estimatePodcast(deps, { caller, clientAddress: caller ? null : clientAddress(c, deps.config.trustProxy), request });
        return c.json(estimate);
      } finally {
        done();
      }
    })
    .get('/', async (c) => {
      const rows = await listPodcasts(deps, ownerOf(c));
      return c.json({ podcasts: rows.map(view) });
    })
    .get('/:id', async (c) => {
      return c.json(view(await getPodcast(deps, c.req.param('id'), requireOwner(c))));
    })
    .patch('/:id', validate('json', updatePodcastSchema), async (c) => {
      const row = await renamePodcast(deps, c.req.param('id'), requireOwner(c), c.req.valid('json').title);
      return c.json(view(row));
    })
    .delete('/:id', async (c) => {
      await deletePodcast(deps, c.req.param('id'), requireOwner(c));
      return c.json({ success: true });
    })
    .post('/:id/retry', async (c) => {
      return c.json(view(await retryPodcast(deps, c.req.param('id'), requireOwner(c))));
    })
    .put('/:id/position', validate('json', positionSchema), async (c) => {
      await savePosition(deps, c.req.param('id'), requireOwner(c), c.req.valid('json').positionSeconds);
      return c.json({ success: true });
    })
    .post('/:id/voice', validate('json', setVoiceSchema), async (c) => {
      const row = await revoicePodcast(deps, requireCaller(c), c.req.param('id'), c.req.valid('json').voice);
      return c.json(view(row));
    })
    .put('/:id/script', validate('json', updateScriptSchema), async (c) => {
      const row = await savePodcastScript(deps, requireCaller(c), c.req.param('id'), c.req.valid('json').script);
      return c.json(view(row));
    })
    .get('/:id/events', async (c) => {
      const owner = ownerOf(c);
      if (!owner) throw podcastNotFound();
      const stop = new AbortController();
      const watch = watchPodcast(deps, c.req.param('id'), owner, stop.signal);
      // Every stream starts with the podcast's current state (NOT_FOUND before it opens when it is not
      // the owner's), so a client that reconnects (with Last-Event-ID or without, to this process or
      // another) has it at once, the final state included.
      const first = await watch.next();
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => stop.abort());
        let last = '';
        let lastId = 0;
        try {
          for (let step = first; !step.done; step = await watch.next()) {
            if (stream.aborted || stream.closed) break;
            const data = JSON.stringify(toPodcastEvent(step.value, signer));
            if (data === last) {
              // Nothing new (the watch's periodic read): a comment keeps proxies from timing the stream out.
              await stream.write(': no change\n\n');
              continue;
            }
            const opening = last === '';
            last = data;
            lastId = Math.max(Date.now(), lastId + 1);
            await stream.writeSSE({ event: 'podcast', data, id: String(lastId), ...(opening ? { retry: 1000 } : {}) });
          }
        } finally {
          await watch.return(undefined);
        }
      });
    })
    .on(['GET', 'HEAD'], '/:id/audio', async (c) => {
      const { id, access } = listener(c);
      const { audio } = await openPodcastAudio(deps, id, access);
      return serveAudio(c, deps.audio, audio, { contentType: 'audio/mpeg' });
    })
    .get('/:id/stream.m3u8', async (c) => {
      const { id, token, access } = listener(c);
      const podcast = await findStreamingPodcast(deps, id, access, { coming: true });
      // Held while the first part is made, within the caps; past them answered at once (players ask again).
      const release = deps.playlistHolds.hold(clientAddress(c, deps.config.trustProxy), podcast.id);
      const { segments, complete } = await listStreamSegments(deps, podcast, { waitMs: release ? FIRST_PART_WAIT_MS : 0, signal: c.req.raw.signal }).finally(
        () => release?.(),
      );
      if (segments.length === 0 && !complete) return firstPartNotYetResponse();
      const query = token ? `?t=${encodeURIComponent(token)}` : '';
      return playlistResponse(hlsPlaylist(segments, { complete, segmentUri: (seq) => `segments/${seq}.mp3${query}` }));
    })
    .get('/:id/segments/:name', async (c) => {
      const { id, access } = listener(c);
      const podcast = await findStreamingPodcast(deps, id, access);
      const { audio, slice } = await openStreamSegment(deps, podcast, segmentNumber(c.req.param('name')));
      return serveAudio(c, deps.audio, audio, { contentType: 'audio/mpeg', cacheControl: 'no-cache', ...(slice ? { slice } : {}) });
    })
    .get('/:id/download', async (c) => {
      const { audio, name } = await downloadPodcast(deps, requireCaller(c), c.req.param('id'));
      return serveAudio(c, deps.audio, audio, { contentType: 'audio/mpeg', downloadName: name });
    });
}
