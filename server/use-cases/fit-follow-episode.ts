/**
 * The waiting items one episode can read within the length limit, each read once: the episode is
 * then made from those readings.
 */
import { SOURCES_PER_EPISODE } from '../../shared/api/podcasts.ts';
import { AppError } from '../errors.ts';
import type { PreparedArticle } from '../pipeline/ports.ts';
import { settleFollowItems, updateFollow } from '../repositories/follow-repository.ts';
import { hoursAndMinutes } from '../services/podcasts/episode-length.ts';
import { chooseMode } from './choose-mode.ts';
import { chooseVoice } from './choose-voice.ts';
import type { ReadRequest } from './create-podcast.ts';
import { itemName, NO_SOURCE, requestOf, sourceOf, type CheckFeedDeps, type FollowNotes, type Telling, type Waiting } from './follow-items.ts';
import type { Caller } from './identify-caller.ts';
import { planEpisodeLength } from './plan-episode-length.ts';
import { readArticle } from './read-article.ts';
import { sourcesArticle, type ReceivedSource, type SourceReading } from './read-sources.ts';

/** The waiting items one episode can read, in order, and those that wait for the next. */
export interface Fit {
  /** The sources read, each once (an article two follows share is read once). */
  sources: ReceivedSource[];
  /** The items the episode is made of. */
  take: Waiting[];
  /** Each source as read (its article, or why it could not be read): the episode is made from this. */
  readings: SourceReading[];
}

/**
 * The waiting items one digest can read within the length limit, by the rule Create applies
 * (`planEpisodeLength` over the articles read, each apart), and at most SOURCES_PER_EPISODE.max
 * sources: in order while they fit, the first that does not and those after it waiting for the next
 * day (said on their follows); an item too long on its own is failed with its reason, and one with
 * nothing to read failed too. An item that cannot be read goes in as it is (the episode names it, as
 * for any source). Null when the member must wait (the hour's page fetches): nothing is decided.
 */
export async function fitEpisode(deps: CheckFeedDeps, caller: Caller, telling: Telling, waiting: readonly Waiting[], notes: FollowNotes): Promise<Fit | null> {
  const { mode, minutes } = await chooseMode(deps, telling, caller);
  const voice = await chooseVoice(deps, undefined, caller);
  /** The refusal Create would give an episode of these articles; null when they fit. */
  const tooLong = (articles: PreparedArticle[]) =>
    planEpisodeLength(deps, { caller, mode, minutes, voice, articles }).then(
      () => null,
      (err: unknown) => (err instanceof AppError && err.code === 'EPISODE_TOO_LONG' ? err : Promise.reject(err)),
    );
  const fit: Fit = { sources: [], take: [], readings: [] };
  const waits: Waiting[] = [];
  const articles: PreparedArticle[] = [];
  const read = new Set<string>();
  for (const entry of waiting) {
    const source = sourceOf(entry.item);
    if (!source) {
      await settleFollowItems(deps.db, entry.followId, [entry.item.id], { status: 'failed', error: NO_SOURCE });
      continue;
    }
    const key = 'url' in source ? source.url : null;
    if (key !== null && read.has(key)) {
      fit.take.push(entry);
      continue;
    }
    if (waits.length > 0 || fit.sources.length === SOURCES_PER_EPISODE.max) {
      waits.push(entry);
      continue;
    }
    let reading: SourceReading;
    try {
      // Read as Create reads it, once: the episode is made from this reading (make's `read`).
      // A link that fails spends its feed's budget of failures, not the member's.
      reading = await readArticle(deps, { caller, clientAddress: null, failuresOf: `feed:${entry.item.feedId}` }, requestOf(source));
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') {
        for (const followId of new Set(waiting.map((w) => w.followId))) await updateFollow(deps.db, followId, { error: `New items wait: ${err.message}` });
        return null;
      }
      if (!(err instanceof AppError)) throw err;
      reading = err;
    }
    const article = reading instanceof AppError ? null : reading;
    if (article) {
      const alone = await tooLong([article]);
      if (alone) {
        await settleFollowItems(deps.db, entry.followId, [entry.item.id], { status: 'failed', error: alone.message });
        notes.add(entry.followId, `${itemName(entry.item)} could not be made into an episode: ${alone.message}`);
        continue;
      }
      if (articles.length > 0 && (await tooLong([...articles, article]))) {
        waits.push(entry);
        continue;
      }
      articles.push(article);
    }
    fit.sources.push(source);
    fit.readings.push(reading);
    fit.take.push(entry);
    if (key) read.add(key);
  }
  if (waits.length > 0) {
    const limit = hoursAndMinutes((caller.isPremium ? deps.config.limits.premiumMaxEpisodeMinutes : deps.config.limits.maxEpisodeMinutes) * 60);
    const all = fit.take.length + waits.length;
    const rest = waits.length === 1 ? 'the other one waits' : `the other ${waits.length} wait`;
    const note = `The day’s episode holds ${fit.take.length} of its ${all} items (an episode runs up to ${limit} and reads up to ${SOURCES_PER_EPISODE.max} sources); ${rest} for the next day.`;
    for (const followId of new Set(waits.map((w) => w.followId))) notes.add(followId, note);
  }
  return fit;
}

/** The episode's article from the fit's readings, as Create would read its request (an unreadable lone source answers why). */
export function readOf(fit: Fit): () => Promise<ReadRequest> {
  return async () => {
    if (fit.sources.length >= 2) return sourcesArticle(fit.sources, fit.readings);
    const [reading] = fit.readings;
    if (reading instanceof AppError) throw reading;
    return { articles: [reading!], sources: null };
  };
}

