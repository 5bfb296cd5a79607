/**
 * Makes a podcast: counts it against the daily allowance, reads the article (the intake stages:
 * fetch or receive, extract, prepare; a page its estimate just read is not fetched again), then
 * stores the podcast and its conversion job in ONE transaction, so a crash or a failed enqueue
 * never leaves a podcast that nothing will convert.
 *
 * A request that carries the key of one already made (a double click, a retry after a lost answer)
 * answers that podcast: nothing more is counted, fetched or made.
 */
import type { CreatePodcast } from '../../shared/api/podcasts.ts';
import type { WithFiles } from '../../shared/api/podcast-files.ts';
import { fallbackTitle } from '../../shared/text/fallback.ts';
import { webAddress } from '../../shared/validation.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { ConversionJobs } from '../jobs/conversion.ts';
import { findPodcastByRequestKey, insertPodcastOnce, newPodcastId, type Owner, type PodcastRow } from '../repositories/podcast-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';
import type { IntakePorts, PreparedArticle, ServerPipeline } from '../pipeline/ports.ts';
import { takeDailyConversion } from '../services/podcasts/limits.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import type { ReceivedFile } from '../machinery/upload/read-form.ts';
import type { Logger } from '../lib/logger.ts';
import { chooseMode } from './choose-mode.ts';
import { chooseFocus, chooseLanguage } from './choose-steering.ts';
import { chooseVoice } from './choose-voice.ts';
import type { Caller } from './identify-caller.ts';
import { planEpisodeLength, sourcesWordBudget } from './plan-episode-length.ts';
import { readArticle, type ReadArticleDeps } from './read-article.ts';
import { joinArticles, languageOf, readSources, type SourcesArticle } from './read-sources.ts';

export interface CreatePodcastDeps extends ReadArticleDeps {
  db: Database;
  config: Pick<Config, 'limits' | 'openai' | 'stripe'>;
  clock: () => Date;
  logger: Logger;
  speech: Pick<SpeechEngine, 'voices' | 'name' | 'defaultVoice' | 'naturalVoices'>;
  pipeline: IntakePorts & Pick<ServerPipeline, 'wordsPerMinute'>;
  jobs: Pick<ConversionJobs, 'enqueue' | 'nudge'>;
}

export interface CreatePodcastInput {
  owner: Owner;
  caller: Caller | null;
  /** The anonymous visitor's network address (null for members), for the per-address limits. */
  clientAddress: string | null;
  request: PodcastRequest;
  /** Whose failed-fetch budget an unreadable page spends, when not the caller's (a followed feed's). */
  failuresOf?: string;
  /** The article already read (a followed feed's items, read to fit the episode); else the request is read here. */
  read?: () => Promise<ReadRequest>;
}

/** What a request reads to: its article (several sources: each one's, apart), and for several sources where each one is in the episode. */
export interface ReadRequest {
  articles: PreparedArticle[];
  sources: SourcesArticle['sources'] | null;
}

/** What to make, as received: a PDF as its bytes. */
export type PodcastRequest = WithFiles<CreatePodcast, ReceivedFile>;

export const DRAFT_MESSAGE = 'Upgrade to Premium to edit a script before it is voiced';
export const START_FAILED_MESSAGE = 'We could not start this podcast. Please try again.';

/** Requests under way in this process, by owner and key: a second one waits for the first's answer. */
const underWay = new Map<string, Promise<PodcastRow>>();

export async function createPodcast(deps: CreatePodcastDeps, input: CreatePodcastInput): Promise<PodcastRow> {
  const { requestKey } = input.request;
  if (!requestKey) return makePodcast(deps, input);
  const earlier = await findPodcastByRequestKey(deps.db, input.owner, requestKey);
  if (earlier) return earlier;
  const key = `${JSON.stringify(input.owner)} ${requestKey}`;
  const running = underWay.get(key);
  if (running) return running;
  const made = makePodcast(deps, input).finally(() => underWay.delete(key));
  underWay.set(key, made);
  return made;
}

async function makePodcast(deps: CreatePodcastDeps, input: CreatePodcastInput): Promise<PodcastRow> {
  const { owner, caller, clientAddress, request } = input;
  const voice = await chooseVoice(deps, request.voice, caller);
  const { mode, minutes } = await chooseMode(deps, request, caller);
  const focus = chooseFocus(mode, request);
  // Stopping at the script to edit it is Premium's.
  if (request.draft && !caller?.isPremium) throw new AppError('PREMIUM_REQUIRED', { message: DRAFT_MESSAGE });
  const giveBack = await takeDailyConversion(deps, { caller, clientAddress });
  let stored: PodcastRow | null;
  try {
    const subject = { caller, clientAddress, ...(input.failuresOf ? { failuresOf: input.failuresOf } : {}) };
    const { articles, sources }: ReadRequest = input.read
      ? await input.read()
      : 'sources' in request
        ? await readSources(deps, subject, request.sources, sourcesWordBudget(deps, { caller, mode, minutes, voice }))
        : { articles: [await readArticle(deps, subject, request)], sources: null };
    const { language, articleLanguage } = chooseLanguage(deps, mode, request.language, languageOf(articles));
    // Past the plan's length nothing is queued (and the allowance is given back below); the sources are
    // planned each apart, and joined into the episode's one text only once they fit.
    await planEpisodeLength(deps, { caller, mode, minutes, voice, articles });
    const article = joinArticles(articles);
    const now = deps.clock();
    stored = await inTransaction(deps.db, async (tx) => {
      const podcast = await insertPodcastOnce(tx, {
        id: newPodcastId(now),
        userId: 'userId' in owner ? owner.userId : null,
        anonymousToken: 'anonymousToken' in owner ? owner.anonymousToken : null,
        clientAddress,
        // Only a web address is kept: it is what the clients show as a link.
        sourceUrl: webAddress(article.sourceUrl),
        sourceTitle: article.title,
        articleText: article.text,
        articleStructure:
          article.lines || article.byline || article.pageKind
            ? { lines: article.lines ?? '', byline: article.byline ?? null, ...(article.pageKind ? { pageKind: article.pageKind } : {}) }
            : null,
        mode,
        minutes,
        draft: request.draft === true,
        language,
        articleLanguage,
        focus,
        title: article.title || fallbackTitle(article.text),
        voice,
        status: 'queued',
        progress: 0,
        requestKey: request.requestKey ?? null,
        sources,
        createdAt: now,
        updatedAt: now,
      });
      if (podcast) await deps.jobs.enqueue(tx, podcast.id, now);
      return podcast;
    }).catch((err: unknown) => {
      deps.logger.error('could not store a new podcast and its job', { err });
      throw new AppError('INTERNAL_ERROR', { message: START_FAILED_MESSAGE, cause: err });
    });
  } catch (err) {
    // Nothing was made (an unreadable page, a failed store), so nothing is counted.
    await giveBack();
    throw err;
  }
  if (stored) {
    deps.jobs.nudge();
    return stored;
  }
  // Another process made it from the same request meanwhile: that one is the answer, counted once.
  await giveBack();
  const earlier = request.requestKey ? await findPodcastByRequestKey(deps.db, owner, request.requestKey) : null;
  if (!earlier) throw new AppError('INTERNAL_ERROR', { message: START_FAILED_MESSAGE });
  return earlier;
}
