import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { and, eq, inArray } from 'drizzle-orm';
import {
  createPodcastSchema,
  updatePodcastSchema,
  type PodcastEvent,
  type PodcastStatus,
} from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { DOWNLOAD_MESSAGES } from '../../shared/errors.ts';
import { fallbackTitle } from '../../shared/text/fallback.ts';
import { positionSchema, setVoiceSchema } from '../../shared/api/premium.ts';
import { podcasts, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../errors.ts';
import { clientAddress as addressOf, type Caller } from '../http/caller.ts';
import { PROGRESS } from '../services/pipeline/convert.ts';
import { serveFile } from '../http/serve-file.ts';
import { validate } from '../http/validate.ts';
import { enqueueJob } from '../jobs/queue.ts';
import {
  findOwnedPodcast,
  findPodcast,
  listOwnedPodcasts,
  newPodcastId,
  toEvent,
  toPodcast,
  updatePodcast,
  type Owner,
  type PodcastRow,
} from '../services/podcasts/repository.ts';
import { takeDailyConversion, takePageFetch } from '../services/podcasts/limits.ts';
import { readArticle } from '../services/podcasts/read-article.ts';

const notFound = () => new AppError('NOT_FOUND', { message: 'Podcast not found' });

/** The member, or the anonymous browser (by its token), making the request. */
function ownerOf(c: Context<AppEnv>): Owner | null {
  const caller = c.get('caller');
  if (caller) return { userId: caller.userId };
  const token = c.req.header(ANONYMOUS_TOKEN_HEADER)?.trim();
  return token && /^[A-Za-z0-9-]{16,64}$/.test(token) ? { anonymousToken: token } : null;
}

function requireOwner(c: Context<AppEnv>): Owner {
  const owner = ownerOf(c);
  if (!owner) throw new AppError('AUTH_REQUIRED', { message: 'Authentication required' });
  return owner;
}

export function podcastRoutes(deps: AppDeps) {
  const { db, signer, config } = deps;

  /** The owner's podcast, or one whose signed URL token is valid for this purpose. */
  async function podcastForUrl(c: Context<AppEnv>, purpose: 'audio' | 'events'): Promise<PodcastRow> {
    const id = c.req.param('id') ?? '';
    const token = c.req.query('t');
    if (token) {
      if (!signer.verify(token, id, purpose, deps.clock())) throw notFound();
      const row = await findPodcast(db, id);
      if (!row) throw notFound();
      return row;
    }
    const owner = ownerOf(c);
    const row = owner && (await findOwnedPodcast(db, id, owner));
    if (!row) throw notFound();
    return row;
  }

  /**
   * Puts a podcast back in the queue, in one conditional update so two requests at once cannot
   * both start a conversion; null when it was not in one of the `from` states.
   */
  async function requeue(id: string, from: PodcastStatus[], values: Partial<PodcastRow>): Promise<PodcastRow | null> {
    const [row] = await db
      .update(podcasts)
      .set({ ...values, status: 'queued', error: null, updatedAt: new Date() })
      .where(and(eq(podcasts.id, id), inArray(podcasts.status, from)))
      .returning();
    if (!row) return null;
    await enqueueJob(db, id, 'convert', deps.clock());
    deps.jobs.nudge();
    deps.events.publish(toEvent(row, signer));
    return row;
  }

  return new Hono<AppEnv>()
    .post('/', validate('json', createPodcastSchema), async (c) => {
      const owner = requireOwner(c);
      const body = c.req.valid('json');
      const caller = c.get('caller');
      const clientAddress = caller ? null : addressOf(c);
      const voice = await chooseVoice(deps, body.voice, caller);
      if ('url' in body) await takePageFetch(deps, { caller, clientAddress });
      const giveBack = await takeDailyConversion(deps, { caller, clientAddress });
      let article;
      try {
        article = await readArticle(deps, body);
      } catch (err) {
        // The spec's fetch and readability errors: nothing was made, so nothing is counted.
        await giveBack();
        throw err;
      }
      const now = deps.clock();
      const [row] = await db
        .insert(podcasts)
        .values({
          id: newPodcastId(now),
          userId: 'userId' in owner ? owner.userId : null,
          anonymousToken: 'anonymousToken' in owner ? owner.anonymousToken : null,
          clientAddress,
          sourceUrl: article.sourceUrl,
          sourceTitle: article.title,
          articleText: article.text,
          title: article.title || fallbackTitle(article.text),
          voice,
          status: 'queued',
          progress: 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await enqueueJob(db, row!.id, 'convert', now);
      deps.jobs.nudge();
      return c.json(toPodcast(row!, signer, config.publicUrl), 201);
    })
    .get('/', async (c) => {
      const owner = ownerOf(c);
      const rows = owner ? await listOwnedPodcasts(db, owner) : [];
      return c.json({ podcasts: rows.map((r) => toPodcast(r, signer, config.publicUrl)) });
    })
    .get('/:id', async (c) => {
      const row = await findOwnedPodcast(db, c.req.param('id'), requireOwner(c));
      if (!row) throw notFound();
      return c.json(toPodcast(row, signer, config.publicUrl));
    })
    .patch('/:id', validate('json', updatePodcastSchema), async (c) => {
      const row = await findOwnedPodcast(db, c.req.param('id'), requireOwner(c));
      if (!row) throw notFound();
      const updated = await updatePodcast(db, row.id, { title: c.req.valid('json').title });
      deps.events.publish(toEvent(updated!, signer));
      return c.json(toPodcast(updated!, signer, config.publicUrl));
    })
    .delete('/:id', async (c) => {
      const row = await findOwnedPodcast(db, c.req.param('id'), requireOwner(c));
      if (!row) throw notFound();
      await db.delete(podcasts).where(eq(podcasts.id, row.id));
      if (row.audioKey) await deps.audio.remove(row.audioKey).catch(() => {});
      return c.json({ success: true });
    })
    .post('/:id/retry', async (c) => {
      const row = await findOwnedPodcast(db, c.req.param('id'), requireOwner(c));
      if (!row) throw notFound();
      const updated = await requeue(row.id, ['failed'], { progress: 0 });
      if (!updated) {
        throw new AppError('VALIDATION_ERROR', { message: 'Only a podcast that failed can be tried again', status: 409 });
      }
      return c.json(toPodcast(updated, signer, config.publicUrl));
    })
    .put('/:id/position', validate('json', positionSchema), async (c) => {
      const row = await findOwnedPodcast(db, c.req.param('id'), requireOwner(c));
      if (!row) throw notFound();
      const positionMs = Math.round(c.req.valid('json').positionSeconds * 1000);
      await updatePodcast(db, row.id, { positionMs: row.durationMs ? Math.min(positionMs, row.durationMs) : positionMs });
      return c.json({ success: true });
    })
    .post('/:id/voice', validate('json', setVoiceSchema), async (c) => {
      const caller = c.get('caller');
      if (!caller) throw new AppError('AUTH_REQUIRED', { message: 'Authentication required' });
      if (!caller.isPremium) throw new AppError('PREMIUM_REQUIRED', { message: VOICE_MESSAGE });
      const row = await findOwnedPodcast(db, c.req.param('id'), { userId: caller.userId });
      if (!row) throw notFound();
      const voice = await checkVoice(deps, c.req.valid('json').voice, true);
      // The script stays; only the speech is made again.
      const updated = await requeue(row.id, ['ready', 'failed'], { voice, progress: row.content ? PROGRESS.scripted : 0 });
      if (!updated) {
        throw new AppError('VALIDATION_ERROR', { message: 'Wait until this podcast is ready to change its voice', status: 409 });
      }
      return c.json(toPodcast(updated, signer, config.publicUrl));
    })
    .get('/:id/events', async (c) => {
      const row = await podcastForUrl(c, 'events');
      return streamSSE(c, async (stream) => {
        let last = '';
        let done = false;
        const send = async (event: PodcastEvent) => {
          const data = JSON.stringify(event);
          if (data === last) return;
          last = data;
          await stream.writeSSE({ event: 'podcast', data, id: String(Date.now()) });
          if (event.status === 'ready' || event.status === 'failed') done = true;
        };
        const unsubscribe = deps.events.subscribe(row.id, (event) => {
          send(event).catch(() => {});
        });
        const stopOnClose = deps.events.onClose(() => {
          done = true;
        });
        stream.onAbort(() => {
          done = true;
        });
        try {
          await send(toEvent(row, signer));
          // Re-read now and then: another process may be the one converting this podcast.
          while (!done && !stream.aborted && !stream.closed) {
            await stream.sleep(1000);
            const fresh = await findPodcast(db, row.id);
            if (!fresh) break;
            await send(toEvent(fresh, signer));
          }
        } finally {
          unsubscribe();
          stopOnClose();
        }
      });
    })
    .on(['GET', 'HEAD'], '/:id/audio', async (c) => {
      const row = await podcastForUrl(c, 'audio');
      if (row.status !== 'ready' || !row.audioKey) throw notFound();
      return serveFile(c, deps.audio.pathFor(row.audioKey), { contentType: 'audio/mpeg' });
    })
    .get('/:id/download', async (c) => {
      const caller = c.get('caller');
      if (!caller) throw new AppError('AUTH_REQUIRED', { message: 'Authentication required' });
      const row = await findOwnedPodcast(db, c.req.param('id'), { userId: caller.userId });
      if (!row) throw notFound();
      if (!caller.isPremium) throw new AppError('PREMIUM_REQUIRED', { message: DOWNLOAD_MESSAGES.premiumRequired });
      if (row.status !== 'ready' || !row.audioKey) {
        throw new AppError('AUDIO_NOT_READY', { message: DOWNLOAD_MESSAGES.audioRequired });
      }
      return serveFile(c, deps.audio.pathFor(row.audioKey), {
        contentType: 'audio/mpeg',
        downloadName: `${row.title.trim() || 'podcast'}.mp3`,
      });
    });
}

const VOICE_MESSAGE = 'Upgrade to Premium to choose a voice';

/** A voice must exist; any but the engine's free voice needs Premium. */
async function checkVoice(deps: AppDeps, voice: string, isPremium: boolean): Promise<string> {
  const voices = await deps.speech.voices();
  const found = voices.find((v) => v.id === voice);
  if (!found) throw new AppError('VALIDATION_ERROR', { message: `Unknown voice: ${voice}` });
  if (found.premium && !isPremium) throw new AppError('PREMIUM_REQUIRED', { message: VOICE_MESSAGE });
  return found.id;
}

/** The voice a new podcast gets: the one asked for, else a Premium member's default, else the engine's. */
async function chooseVoice(deps: AppDeps, asked: string | undefined, caller: Caller | null): Promise<string | null> {
  if (asked) return checkVoice(deps, asked, caller?.isPremium ?? false);
  if (!caller?.isPremium) return null;
  const [user] = await deps.db.select({ defaultVoice: users.defaultVoice }).from(users).where(eq(users.id, caller.userId));
  const preferred = user?.defaultVoice;
  if (!preferred) return null;
  // A default from another engine (the server's voice provider changed) falls back to this engine's.
  return (await deps.speech.voices()).some((v) => v.id === preferred) ? preferred : null;
}
